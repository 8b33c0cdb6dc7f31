package weft.model.rate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A rate-allocation problem in dense form: directed links with capacities, and flows with their path (link
 * indexes), weight {@code w_f}, application, demand and backlog. Seed 000 §1.4 notation; capacities are absolute
 * (Gbit/s), so a link's weight is {@code W_l = Σ w_f / c_l} (seed 000 eq. 4.3, seed 003 eq. 4).
 *
 * <p>Immutable; arrays handed out are shared and must not be modified. {@link #builder()} makes small named
 * problems (the paper vectors); {@link FabricProblem} makes them from a topology and routes.
 */
public final class RateProblem {
    private final String[] linkName;
    private final double[] capacity;
    private final String[] flowId;
    private final int[][] path;
    private final double[] weight;
    private final int[] app;
    private final String[] appName;
    private final double[] demand;
    private final double[] backlog;
    private final int[][] flowsOn;

    RateProblem(String[] linkName, double[] capacity, String[] flowId, int[][] path, double[] weight, int[] app,
                String[] appName, double[] demand, double[] backlog) {
        this.linkName = linkName;
        this.capacity = capacity;
        this.flowId = flowId;
        this.path = path;
        this.weight = weight;
        this.app = app;
        this.appName = appName;
        this.demand = demand;
        this.backlog = backlog;
        for (int l = 0; l < capacity.length; l++) {
            if (!(capacity[l] > 0) || Double.isInfinite(capacity[l])) {
                throw new InfeasibleRequest("link " + linkName[l] + ": capacity must be a positive number, got "
                        + capacity[l]);
            }
        }
        int[] count = new int[capacity.length];
        int[] seenBy = new int[capacity.length];
        java.util.Arrays.fill(seenBy, -1);
        for (int f = 0; f < path.length; f++) {
            String where = "flow " + flowId[f];
            if (path[f].length == 0) {
                throw new InfeasibleRequest(where + ": empty path (a flow crosses at least its access links)");
            }
            if (!(weight[f] > 0) || Double.isInfinite(weight[f])) {
                throw new InfeasibleRequest(where + ": weight must be a positive number, got " + weight[f]);
            }
            if (!(demand[f] >= 0)) {
                throw new InfeasibleRequest(where + ": demand must be >= 0 Gbit/s, got " + demand[f]);
            }
            if (!(backlog[f] > 0) || Double.isInfinite(backlog[f])) {
                throw new InfeasibleRequest(where + ": backlog weight must be a positive number, got " + backlog[f]);
            }
            for (int l : path[f]) {
                if (l < 0 || l >= capacity.length) {
                    throw new InfeasibleRequest(where + ": link index " + l + " outside 0.." + (capacity.length - 1));
                }
                if (seenBy[l] == f) {
                    throw new InfeasibleRequest(where + ": crosses link " + linkName[l]
                            + " twice (paths must be loop-free)");
                }
                seenBy[l] = f;
                count[l]++;
            }
        }
        flowsOn = new int[capacity.length][];
        for (int l = 0; l < capacity.length; l++) {
            flowsOn[l] = new int[count[l]];
        }
        int[] fill = new int[capacity.length];
        for (int f = 0; f < path.length; f++) {
            for (int l : path[f]) {
                flowsOn[l][fill[l]++] = f;
            }
        }
    }

    public int linkCount() {
        return capacity.length;
    }

    public int flowCount() {
        return path.length;
    }

    public int appCount() {
        return appName.length;
    }

    public String linkName(int l) {
        return linkName[l];
    }

    /** Capacity of link {@code l} in Gbit/s. */
    public double capacity(int l) {
        return capacity[l];
    }

    public String flowId(int f) {
        return flowId[f];
    }

    /** The links flow {@code f} crosses, in path order. */
    public int[] path(int f) {
        return path[f];
    }

    /** Weight {@code w_f}. */
    public double weight(int f) {
        return weight[f];
    }

    /** Dense application index of flow {@code f}. */
    public int app(int f) {
        return app[f];
    }

    public String appName(int a) {
        return appName[a];
    }

    /** Largest rate flow {@code f} can use, in Gbit/s ({@code +Infinity}: unlimited); seed 004's request. */
    public double demand(int f) {
        return demand[f];
    }

    /** Seed 004's backlog {@code b_ij} (the weight of backlog-proportional sharing). */
    public double backlog(int f) {
        return backlog[f];
    }

    /** Flows crossing link {@code l}, in flow order. */
    public int[] flowsOn(int l) {
        return flowsOn[l];
    }

    /** Index of the flow with this id, or -1. */
    public int flowIndex(String id) {
        for (int f = 0; f < flowId.length; f++) {
            if (flowId[f].equals(id)) {
                return f;
            }
        }
        return -1;
    }

    /** Index of the link with this name, or -1. */
    public int linkIndex(String name) {
        for (int l = 0; l < linkName.length; l++) {
            if (linkName[l].equals(name)) {
                return l;
            }
        }
        return -1;
    }

    /** A copy with other capacities (same links, flows and attributes). */
    public RateProblem withCapacities(double[] newCapacity) {
        if (newCapacity.length != capacity.length) {
            throw new IllegalArgumentException("withCapacities: " + newCapacity.length + " capacities for "
                    + capacity.length + " links");
        }
        return new RateProblem(linkName, newCapacity.clone(), flowId, path, weight, app, appName, demand, backlog);
    }

    /** A copy with other per-flow weights. */
    public RateProblem withWeights(double[] newWeight) {
        return new RateProblem(linkName, capacity, flowId, path, newWeight.clone(), app, appName, demand, backlog);
    }

    /** A copy with other demands and backlog weights. */
    public RateProblem withDemands(double[] newDemand, double[] newBacklog) {
        return new RateProblem(linkName, capacity, flowId, path, weight, app, appName, newDemand.clone(),
                newBacklog.clone());
    }

    @Override
    public String toString() {
        return "RateProblem[" + linkCount() + " links, " + flowCount() + " flows, " + appCount() + " apps]";
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a problem from named links and flows; unknown link names are an error naming the flow. */
    public static final class Builder {
        private final Map<String, Integer> links = new LinkedHashMap<>();
        private final List<Double> caps = new ArrayList<>();
        private final List<String> ids = new ArrayList<>();
        private final List<int[]> paths = new ArrayList<>();
        private final List<Double> weights = new ArrayList<>();
        private final List<String> apps = new ArrayList<>();
        private final List<Double> demands = new ArrayList<>();
        private final List<Double> backlogs = new ArrayList<>();

        /** Adds a directed link. */
        public Builder link(String name, double gbps) {
            if (links.putIfAbsent(name, caps.size()) != null) {
                throw new IllegalArgumentException("link " + name + " defined twice");
            }
            caps.add(gbps);
            return this;
        }

        /** Adds a flow in its own application, unlimited demand, backlog weight 1. */
        public Builder flow(String id, double weight, String... linkNames) {
            return flow(id, weight, id, Double.POSITIVE_INFINITY, 1.0, linkNames);
        }

        /** Adds a flow of application {@code app}. */
        public Builder flowOf(String id, double weight, String app, String... linkNames) {
            return flow(id, weight, app, Double.POSITIVE_INFINITY, 1.0, linkNames);
        }

        /** Adds a flow with every attribute. */
        public Builder flow(String id, double weight, String app, double demandGbps, double backlog,
                            String... linkNames) {
            int[] p = new int[linkNames.length];
            for (int i = 0; i < p.length; i++) {
                Integer l = links.get(linkNames[i]);
                if (l == null) {
                    throw new IllegalArgumentException("flow " + id + ": unknown link " + linkNames[i]);
                }
                p[i] = l;
            }
            return flow(id, weight, app, demandGbps, backlog, p);
        }

        /** Adds a flow whose path is given as link indexes (in the order links were added). */
        public Builder flow(String id, double weight, String app, double demandGbps, double backlog, int[] path) {
            ids.add(id);
            paths.add(path.clone());
            weights.add(weight);
            apps.add(app);
            demands.add(demandGbps);
            backlogs.add(backlog);
            return this;
        }

        public RateProblem build() {
            Map<String, Integer> appIndex = new HashMap<>();
            List<String> appNames = new ArrayList<>();
            int[] app = new int[ids.size()];
            for (int f = 0; f < app.length; f++) {
                String a = apps.get(f);
                Integer i = appIndex.get(a);
                if (i == null) {
                    i = appNames.size();
                    appIndex.put(a, i);
                    appNames.add(a);
                }
                app[f] = i;
            }
            Map<String, Integer> seen = new HashMap<>();
            for (int f = 0; f < ids.size(); f++) {
                Integer previous = seen.putIfAbsent(ids.get(f), f);
                if (previous != null) {
                    throw new IllegalArgumentException("flows[" + f + "]: id " + ids.get(f)
                            + " already used by flows[" + previous + "]");
                }
            }
            return new RateProblem(links.keySet().toArray(String[]::new),
                    caps.stream().mapToDouble(Double::doubleValue).toArray(), ids.toArray(String[]::new),
                    paths.toArray(int[][]::new), weights.stream().mapToDouble(Double::doubleValue).toArray(), app,
                    appNames.toArray(String[]::new), demands.stream().mapToDouble(Double::doubleValue).toArray(),
                    backlogs.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }
}
