package weft.model.repro;

import java.util.ArrayList;
import java.util.List;

import weft.model.sim.SimConfig;
import weft.model.sim.Simulator;

/**
 * One load point of the service-level experiment (seed 002 §4.3, §5.4.1), the thesis's "low", "medium" or "high
 * mark": per-SL offered and accepted loads averaged over the fabrics, latencies pooled over them.
 */
final class ServiceLevelMark {
    final double[] offered;
    final double[] accepted;
    final ClassStats.Samples[] latency;
    final ClassStats.Samples all = new ClassStats.Samples();
    /** Every flow of every fabric, when the hosts' traffic was cut into flows. */
    final List<FlowStats.Flow> flows = new ArrayList<>();
    private final List<ClassStats> runs = new ArrayList<>();

    private ServiceLevelMark(int classes) {
        offered = new double[classes];
        accepted = new double[classes];
        latency = new ClassStats.Samples[classes];
        for (int c = 0; c < classes; c++) {
            latency[c] = new ClassStats.Samples();
        }
    }

    /** Every fabric with the given per-host loads (fractions of the link). */
    static ServiceLevelMark run(List<Simulator> sims, List<IbaSetup.Fabric> fabrics, int classes,
                                double[][] hostLoads, int queue) {
        return run(sims, fabrics, classes, hostLoads, queue, 0);
    }

    /**
     * Every fabric with the given per-host loads; with {@code flow > 0} each host's load is cut into flows of that
     * peak rate (fraction of the link) and every flow measured ({@link #flows}).
     */
    static ServiceLevelMark run(List<Simulator> sims, List<IbaSetup.Fabric> fabrics, int classes,
                                double[][] hostLoads, int queue, double flow) {
        ServiceLevelMark m = new ServiceLevelMark(classes);
        for (int i = 0; i < fabrics.size(); i++) {
            IbaSetup.Fabric f = fabrics.get(i);
            SimConfig config = sims.get(i).network().config();
            double[][] peaks = null;
            FlowStats perFlow = null;
            if (flow > 0) {
                peaks = new double[hostLoads[i].length][];
                for (int h = 0; h < peaks.length; h++) {
                    peaks[h] = FlowStats.cut(hostLoads[i][h], flow);
                }
                perFlow = new FlowStats(peaks, f.serviceLevel(), MeasuredWindow.of(config), IbaSetup.CYCLE_PS,
                        IbaSetup.GBPS);
            }
            ClassStats s = perFlow == null
                    ? IbaSetup.measure(sims.get(i), f, classes, hostLoads[i], queue)
                    : IbaSetup.measure(sims.get(i), f, classes, hostLoads[i], queue, peaks,
                    Probes.none(peaks.length), perFlow);
            if (perFlow != null) {
                m.flows.addAll(perFlow.flows());
            }
            m.runs.add(s);
            for (int c = 0; c < classes; c++) {
                m.offered[c] += s.offered(c) / fabrics.size();
                m.accepted[c] += s.accepted(c) / fabrics.size();
                m.latency[c].addAll(s.latency(c));
            }
            m.all.addAll(s.all());
        }
        return m;
    }

    /** Accepted over offered load of level {@code c}. */
    double ratio(int c) {
        return accepted[c] / offered[c];
    }

    /** The least {@link #ratio} over the levels. */
    double leastRatio() {
        double least = Double.POSITIVE_INFINITY;
        for (int c = 0; c < offered.length; c++) {
            least = Math.min(least, ratio(c));
        }
        return least;
    }

    /** Level {@code c}'s share of the accepted load. */
    double share(int c) {
        double total = 0;
        for (double a : accepted) {
            total += a;
        }
        return accepted[c] / total;
    }

    /** SL1's latencies over paths of {@code switches} switches, pooled over the fabrics. */
    ClassStats.Samples firstOver(int switches) {
        ClassStats.Samples s = new ClassStats.Samples();
        for (ClassStats r : runs) {
            s.addAll(r.firstLevelOver(switches));
        }
        return s;
    }
}
