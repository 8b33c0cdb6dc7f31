package weft.model.qos;

import java.util.ArrayList;
import java.util.List;

import weft.model.routing.LayerLayout;

/**
 * A set of service classes, each with its DiffServ equivalent, the share of link bandwidth it requires, its VL
 * weight and its priority; the thesis's Table 4.1 in its balanced and unbalanced weightings, and the arbitration
 * table a switch port runs for them.
 *
 * <p>Seed 002 §4.3 (Table 4.1: five SLs, EF/EF/AF/AF/BE, loads 10/15/20/25/30 % of link bandwidth, balanced weights
 * 4/6/8/10/1, unbalanced weights 6/1/6/1/1, SL1-2 high priority, SL3-5 low); §4.2.3: LASH with QoS gives every class
 * its own layers (5 classes x 3 layers = 15 VLs), laid out by {@link LayerLayout}; chapter 5 reuses the loads as
 * the per-SL shares of link-by-link admission control (eq. 5.4).
 *
 * @param classes the classes, class index = position (the thesis's SL k is class k - 1)
 */
public record ServiceLevels(List<ServiceClass> classes) {
    /** Priority of a class's VLs in the arbitration table. */
    public enum Priority {
        HIGH, LOW
    }

    /**
     * One service class.
     *
     * @param name        the thesis's label, e.g. {@code "SL1"}
     * @param diffServ    DiffServ equivalent: {@code "EF"}, {@code "AF"} or {@code "BE"}
     * @param loadPercent share of link bandwidth the class requires, percent
     * @param weight      VL arbitration weight, 64-byte blocks
     * @param priority    high or low
     */
    public record ServiceClass(String name, String diffServ, int loadPercent, int weight, Priority priority) {
        public ServiceClass {
            if (loadPercent < 0 || loadPercent > 100) {
                throw new IllegalArgumentException("service class " + name + ": load " + loadPercent
                        + "% outside 0..100");
            }
            if (weight < 0 || weight > VlArbitrationTable.MAX_WEIGHT) {
                throw new IllegalArgumentException("service class " + name + ": weight " + weight + " outside 0.."
                        + VlArbitrationTable.MAX_WEIGHT);
            }
        }
    }

    public ServiceLevels {
        classes = List.copyOf(classes);
        if (classes.isEmpty()) {
            throw new IllegalArgumentException("service levels: at least one class is needed");
        }
    }

    /** Table 4.1, balanced weights: each SL weighted by its load (0.4 x load %), best effort lowest. */
    public static ServiceLevels table41Balanced() {
        return table41(new int[] {4, 6, 8, 10, 1});
    }

    /** Table 4.1, unbalanced weights: the weights of the most and least loaded SLs swapped (§4.3.2). */
    public static ServiceLevels table41Unbalanced() {
        return table41(new int[] {6, 1, 6, 1, 1});
    }

    private static ServiceLevels table41(int[] weights) {
        String[] diffServ = {"EF", "EF", "AF", "AF", "BE"};
        int[] load = {10, 15, 20, 25, 30};
        List<ServiceClass> list = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            list.add(new ServiceClass("SL" + (i + 1), diffServ[i], load[i], weights[i],
                    i < 2 ? Priority.HIGH : Priority.LOW));
        }
        return new ServiceLevels(list);
    }

    /** Number of classes. */
    public int size() {
        return classes.size();
    }

    /** The loads as doubles, in class order: the {@code L_sl} of link-by-link admission control (eq. 5.4). */
    public double[] loads() {
        double[] loads = new double[classes.size()];
        for (int i = 0; i < loads.length; i++) {
            loads[i] = classes.get(i).loadPercent();
        }
        return loads;
    }

    /**
     * The load a host of one class offers when the hosts offer {@code meanLoad} on average, one class per host in
     * equal numbers: {@code meanLoad x classes x L_c / sum(L)}, so the classes keep the proportions of their required
     * shares (seed 002 §4.3 and §5.4.1: Table 4.1 "reflects the percentage of link bandwidth that each SL
     * requires"). Decision: the thesis does not spell out how its load axis splits over the SLs.
     *
     * @param meanLoad mean offered load per host, as a fraction of the host's link
     */
    public double hostLoad(int serviceClass, double meanLoad) {
        if (serviceClass < 0 || serviceClass >= classes.size()) {
            throw new IllegalArgumentException("service class " + serviceClass + " outside 0.." + (classes.size() - 1));
        }
        double total = 0;
        for (ServiceClass c : classes) {
            total += c.loadPercent();
        }
        return meanLoad * classes.size() * classes.get(serviceClass).loadPercent() / total;
    }

    /** Classes {@code 0..highClasses()-1} are high priority when the table lists them first, as Table 4.1 does. */
    public int highClasses() {
        int n = 0;
        while (n < classes.size() && classes.get(n).priority() == Priority.HIGH) {
            n++;
        }
        for (int i = n; i < classes.size(); i++) {
            if (classes.get(i).priority() == Priority.HIGH) {
                throw new IllegalStateException("service levels: high-priority class " + classes.get(i).name()
                        + " after a low-priority one; high classes must come first");
            }
        }
        return n;
    }

    /**
     * The arbitration table for these classes over LASH layers: every class's lanes (one per layer, at
     * {@code layout.lane(class, layer)}) get one entry each with the class's weight, in the list of its priority.
     *
     * @throws IllegalArgumentException when the layout has a different number of classes
     */
    public VlArbitrationTable arbitrationTable(LayerLayout layout, HighPriorityLimit limit) {
        if (layout.classes() != classes.size()) {
            throw new IllegalArgumentException("arbitration table: layout has " + layout.classes() + " classes, the "
                    + "service levels " + classes.size());
        }
        List<VlArbitrationTable.Entry> high = new ArrayList<>();
        List<VlArbitrationTable.Entry> low = new ArrayList<>();
        for (int c = 0; c < classes.size(); c++) {
            ServiceClass sc = classes.get(c);
            for (int layer = 0; layer < layout.layersPerClass(); layer++) {
                VlArbitrationTable.Entry e = new VlArbitrationTable.Entry(layout.lane(c, layer), sc.weight());
                (sc.priority() == Priority.HIGH ? high : low).add(e);
            }
        }
        return new VlArbitrationTable(high, low, limit);
    }
}
