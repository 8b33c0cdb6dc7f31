package weft.model.repro;

import java.util.ArrayList;
import java.util.List;

import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.control.ControlResult;
import weft.model.sim.control.ControlRun;
import weft.model.sim.control.MessageSize;
import weft.model.sim.control.MessageTraffic;

/**
 * TCP goodput against offered load for one routing on a set of fabrics (seed 002 §3.1.5, Fig. 3.3b-d): every host
 * writes one-frame messages to uniformly chosen other hosts at the offered load, each into its TCP connection to
 * that host ({@link ControlRun.Control#TCP}); a point averages the fabrics. The TCP throughput of a sweep is its
 * highest goodput, as {@link LoadSweep#peak} is for raw Ethernet.
 */
final class TcpSweep {
    /**
     * One averaged point.
     *
     * @param load          offered load asked for, a fraction of the host link
     * @param goodput       mean data delivered to the receiving applications for the first time, in order (frames'
     *                      bytes over the link rate)
     * @param retransmitted share of the data segments sent that were retransmissions
     * @param timeouts      retransmission timeouts per host over the run
     * @param lost          data and acknowledgement frames full buffers dropped, per data frame sent
     */
    record Point(double load, double goodput, double retransmitted, double timeouts, double lost) {
    }

    private TcpSweep() {
    }

    /**
     * Runs the loads; {@code options} carry TCP's parameters and a flit that divides the frame.
     *
     * @throws IllegalStateException when a run deadlocks (the routings compared are deadlock-free)
     */
    static List<Point> run(List<Simulator> fabrics, List<Double> loads, ControlRun.Options options) {
        List<Point> out = new ArrayList<>();
        for (double load : loads) {
            List<Point> each = fabrics.stream().map(s -> one(s, load, options)).toList();
            out.add(new Point(load, each.stream().mapToDouble(Point::goodput).average().orElseThrow(),
                    each.stream().mapToDouble(Point::retransmitted).average().orElseThrow(),
                    each.stream().mapToDouble(Point::timeouts).average().orElseThrow(),
                    each.stream().mapToDouble(Point::lost).average().orElseThrow()));
        }
        return out;
    }

    /** One fabric at one load. */
    private static Point one(Simulator s, double load, ControlRun.Options options) {
        ControlRun run = new ControlRun(ControlRun.Control.TCP, new MessageTraffic("global-uniform", load,
                MessageSize.fixed(1), 0), options);
        SimResult r = s.run(run.workload());
        if (r.deadlock() != null) {
            throw new IllegalStateException("deadlock at load " + load + ": " + r.deadlock().cycle());
        }
        ControlResult c = run.result();
        double frames = (double) c.dataFlits() * options.flitBytes() / EthernetSetup.FRAME_BYTES;
        return new Point(load, c.accepted(), run.tcpCounters().retransmittedShare(),
                (double) run.tcpCounters().timeouts() / c.participants(),
                frames == 0 ? 0 : (c.droppedData() + c.droppedControl()) / frames);
    }

    /** The highest goodput of a sweep. */
    static Point peak(List<Point> sweep) {
        return sweep.stream().max((a, b) -> Double.compare(a.goodput(), b.goodput())).orElseThrow();
    }

    /** The sweep as chart points: offered against goodput, in Mbit/s. */
    static List<double[]> curve(List<Point> sweep) {
        return sweep.stream().map(p -> new double[] {EthernetSetup.mbps(p.load()), EthernetSetup.mbps(p.goodput())})
                .toList();
    }
}
