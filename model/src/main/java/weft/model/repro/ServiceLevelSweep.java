package weft.model.repro;

import java.util.ArrayList;
import java.util.List;

import weft.model.admission.Saturation;
import weft.model.qos.ServiceLevels;
import weft.model.sim.Simulator;

/**
 * A load sweep of the service-level experiment (seed 002 §4.3, §5.4.1): at each mean offered load every host offers
 * its level's share (Table 4.1 proportions, {@link ServiceLevels#hostLoad}), and each fabric's per-level offered and
 * accepted loads are measured; points average the fabrics. The saturation point, the thesis's "medium mark", is
 * where the accepted traffic stops keeping up with the offered ({@link Saturation}).
 */
final class ServiceLevelSweep {
    /** Accepted within this share of offered counts as "equal" (the saturation point's tolerance). */
    static final double SATURATION_TOLERANCE = 0.05;

    /**
     * One mean offered load.
     *
     * @param meanLoad mean offered load per host asked for
     * @param offered  per level, mean over fabrics of the mean offered load of its hosts
     * @param accepted per level, likewise accepted
     * @param fabrics  per fabric, its (offered, accepted) over all hosts
     */
    record Point(double meanLoad, double[] offered, double[] accepted, List<Saturation.Point> fabrics) {
        double totalOffered() {
            return mean(offered);
        }

        double totalAccepted() {
            return mean(accepted);
        }
    }

    private ServiceLevelSweep() {
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    static List<Point> run(List<Simulator> sims, List<IbaSetup.Fabric> fabrics, ServiceLevels levels,
                           List<Double> loads, int queueLimit) {
        int classes = levels.size();
        List<Point> out = new ArrayList<>();
        for (double load : loads) {
            double[] offered = new double[classes];
            double[] accepted = new double[classes];
            List<Saturation.Point> perFabric = new ArrayList<>();
            for (int i = 0; i < fabrics.size(); i++) {
                IbaSetup.Fabric f = fabrics.get(i);
                ClassStats s = IbaSetup.measure(sims.get(i), f, classes,
                        IbaSetup.hostLoads(levels, f.serviceLevel(), load), queueLimit);
                double o = 0;
                double a = 0;
                for (int c = 0; c < classes; c++) {
                    offered[c] += s.offered(c) / fabrics.size();
                    accepted[c] += s.accepted(c) / fabrics.size();
                    o += s.offered(c) / classes;
                    a += s.accepted(c) / classes;
                }
                perFabric.add(new Saturation.Point(o, a));
            }
            out.add(new Point(load, offered, accepted, perFabric));
        }
        return out;
    }

    /** The mean load of the saturation point of the averaged sweep (the "medium mark"). */
    static double saturation(List<Point> sweep) {
        List<Saturation.Point> points = new ArrayList<>();
        for (Point p : sweep) {
            points.add(new Saturation.Point(p.totalOffered(), p.totalAccepted()));
        }
        Saturation.Point s = Saturation.of(points, SATURATION_TOLERANCE);
        return sweep.get(points.indexOf(s)).meanLoad();
    }
}
