package weft.model.repro;

import java.util.ArrayList;
import java.util.List;

import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.traffic.TrafficPattern;

/**
 * Accepted traffic and network latency against offered load for one routing on a set of fabrics, each load point
 * averaged over the fabrics (seed 002 §2.3.3: the accepted traffic of irregular networks is "the average of 16
 * measurements, one for each of sixteen different irregular topologies"; regular ones average four runs). The
 * throughput of a routing is the highest averaged accepted load of the sweep: its saturation throughput, which the
 * thesis's factors compare. Latency is from injection, without the time a packet waits at its source (§2.3.3).
 */
final class LoadSweep {
    /** A point counts as past saturation when it accepts less than this share of what it offers. */
    static final double SATURATED = 0.9;

    /**
     * One averaged point.
     *
     * @param load      offered load asked for, a fraction of the host link
     * @param offered   mean offered load measured
     * @param accepted  mean accepted load
     * @param latencyUs mean network latency, µs (the mean over fabrics of each fabric's mean)
     * @param loss      mean share of the frames made that a full buffer dropped (drop-tail runs; 0 when lossless)
     */
    record Point(double load, double offered, double accepted, double latencyUs, double loss) {
    }

    private LoadSweep() {
    }

    /**
     * Runs the loads in increasing order.
     *
     * @param untilSaturated stop two points after the first saturated one (lossless throughput no longer grows)
     * @throws IllegalStateException when a run deadlocks: the routings compared are all deadlock-free, so that is a
     *                               defect
     */
    static List<Point> run(List<Simulator> fabrics, TrafficPattern pattern, List<Double> loads,
                           boolean untilSaturated) {
        List<Point> out = new ArrayList<>();
        int past = 0;
        for (double load : loads) {
            double offered = 0;
            double accepted = 0;
            double latency = 0;
            double loss = 0;
            for (Simulator s : fabrics) {
                SimResult r = s.run(new Workload.OpenLoop(pattern, load));
                if (r.deadlock() != null) {
                    throw new IllegalStateException("deadlock at load " + load + ": " + r.deadlock().cycle());
                }
                offered += r.offered();
                accepted += r.accepted();
                latency += r.networkLatencyNs().mean() / 1000;
                loss += r.generatedPackets() > 0 ? (double) r.droppedPackets() / r.generatedPackets() : 0;
            }
            int n = fabrics.size();
            out.add(new Point(load, offered / n, accepted / n, latency / n, loss / n));
            if (untilSaturated && accepted / n < SATURATED * offered / n && ++past >= 2) {
                break;
            }
        }
        return out;
    }

    /**
     * The {@code --loads} of a run: offered loads as fractions of the host link in (0, 1], separated by commas, in
     * increasing order.
     *
     * @throws IllegalArgumentException naming {@code --loads} and the value it cannot use
     */
    static List<Double> loads(ReproOptions o) {
        String given = o.string("loads");
        List<Double> out = new ArrayList<>();
        for (String v : given.split(",")) {
            try {
                double d = Double.parseDouble(v.trim());
                if (!(d > 0 && d <= 1)) {
                    throw new IllegalArgumentException("--loads: " + d + " outside (0, 1]");
                }
                out.add(d);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--loads: expected fractions separated by commas, got '" + given
                        + "'", e);
            }
        }
        out.sort(null);
        return List.copyOf(out);
    }

    /** The highest accepted load of a sweep. */
    static double peak(List<Point> sweep) {
        return sweep.stream().mapToDouble(Point::accepted).max().orElse(Double.NaN);
    }

    /** The point of the sweep at offered load {@code load} (within 1e-9), or null when the sweep stopped earlier. */
    static Point at(List<Point> sweep, double load) {
        return sweep.stream().filter(p -> Math.abs(p.load() - load) < 1e-9).findFirst().orElse(null);
    }

    /** The sweep as chart points: offered against accepted, in Mbit/s. */
    static List<double[]> curve(List<Point> sweep) {
        return sweep.stream().map(p -> new double[] {EthernetSetup.mbps(p.load()), EthernetSetup.mbps(p.accepted())})
                .toList();
    }
}
