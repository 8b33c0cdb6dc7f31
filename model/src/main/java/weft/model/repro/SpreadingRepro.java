package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.io.Chart;
import weft.model.rate.Allocation;
import weft.model.rate.FabricProblem;
import weft.model.rate.Saa;
import weft.model.rate.WeightBasis;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.RatedInjection;
import weft.model.sim.SimConfig;
import weft.model.sim.SimObserver;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * Seed 003 §1.1 Fig. 1 (seed 000 §1.3 Fig. 1.1): congestion spreading in the two-switch example, packet by packet.
 * Sources s1..s4 on sw1 and s5, s6 on sw2; f1, f2 go to d1 and f3..f6 to d2, both on sw2, so f1..f4 share the trunk
 * sw1 -> sw2. Without control (NC) every source pushes as fast as credits allow, outputs serve their input ports
 * round robin (the paper's choice for this example), switches have infinite speedup and 8-packet input buffers: the
 * d2-bound packets fill sw2's trunk buffer, back-pressure throttles the trunk (the congestion victim) behind sw2 -> d2
 * (the root). With the SAA rates (1/4 each, Theorem 4.1.1) injected by Periodic Selection the phase ends at the
 * optimum.
 *
 * <p>Measured: the steady state of NC over the window from 1 to 2.5 flow times (after the buffers filled, before f5
 * and f6 finish at 3), each flow's completion, and the same with rates. Times are in units of one flow's
 * transmission at line rate, the paper's "1 ms".
 */
final class SpreadingRepro implements Reproduction.Experiment {
    /** {@code weft repro spreading}: the paper's experiment, one line. */
    static final String TITLE = "Seed 003 Fig. 1: congestion spreading without control (trunk at 2/3, 5 ms) vs SAA "
            + "rates (4 ms)";
    private static final int PACKET = 2048;
    private static final double GBPS = 10;
    static final List<Claim> CLAIMS = List.of(
            new Claim("C1.trunk", "NC: trunk sw1->sw2 utilisation in steady state (congestion victim)", 2.0 / 3,
                    "fraction", new Band(0.6, 0.73)),
            new Claim("C1.victims", "NC: rate of each of f1..f4 in steady state (mean)", 1.0 / 6, "fraction",
                    new Band(0.14, 0.19)),
            new Claim("C1.roots", "NC: rate of f5, f6 in steady state (mean)", 1.0 / 3, "fraction",
                    new Band(0.3, 0.37)),
            new Claim("C1.nc", "NC: phase completion with 1 ms flows", 5, "ms", new Band(4.6, 5.4)),
            new Claim("C1.rates", "SAA rates (1/4 each) by Periodic Selection: phase completion", 4, "ms",
                    new Band(3.9, 4.2)),
            new Claim("C1.gain", "NC completion / rate-controlled completion", 1.25, "ratio", new Band(1.1, 1.4)));
    static final List<Parameter> PARAMETERS = List.of(
            new Parameter("packets", "packets of 2 KB per flow (one flow time)", "640", "160"),
            new Parameter("buffer", "input buffer per port, in packets", "8", "8"));

    /** The fabric of Fig. 1: sw1 with s1..s4, sw2 with s5, s6, d1, d2, one trunk; 10 Gbit/s, 0.1 µs links. */
    static Topology fig1() {
        List<Host> hosts = new ArrayList<>();
        String[] names = {"s1", "s2", "s3", "s4", "s5", "s6", "d1", "d2"};
        for (int i = 0; i < names.length; i++) {
            String sw = i < 4 ? "sw1" : "sw2";
            int port = i < 4 ? i + 1 : i - 3;
            hosts.add(new Host(names[i], String.format("02:00:00:00:00:%02x", i + 1), "10.0.0." + (i + 1), sw, port,
                    GBPS));
        }
        return new Topology("seed003-fig1", List.of(new Switch("sw1", 1, 5), new Switch("sw2", 2, 5)), hosts,
                List.of(new Link("sw1", 5, "sw2", 5, GBPS, 0.1)));
    }

    private static List<Flow> flows(long bytes) {
        String[][] pairs = {{"s1", "d1"}, {"s2", "d1"}, {"s3", "d2"}, {"s4", "d2"}, {"s5", "d2"}, {"s6", "d2"}};
        List<Flow> out = new ArrayList<>();
        for (int i = 0; i < pairs.length; i++) {
            out.add(new Flow("f" + (i + 1), pairs[i][0], pairs[i][1], 1, "app", bytes));
        }
        return out;
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        int packets = o.integer("packets", 16, 1 << 20);
        int buffer = o.integer("buffer", 1, 1024);
        Topology t = fig1();
        RoutingResult routes = RoutingEngines.byName("minhop").compute(t, RoutingOptions.defaults());
        long bytes = (long) packets * PACKET;
        double unitPs = bytes * 8 / GBPS * 1000;
        List<Flow> flows = flows(bytes);
        SimConfig config = SimConfig.defaults().withInfiniteSpeedup(true).withOutputOrder("rr").withWarmupPs(0)
                .withBufferBytes((long) buffer * PACKET).withDurationPs((long) (20 * unitPs));
        Simulator sim = new Simulator(t, routes, config);
        Workload.Phases phase = new Workload.Phases("fig1", flows, 1, 0);

        Window window = new Window(new MeasuredWindow(Math.round(unitPs), Math.round(2.5 * unitPs)), 0.05 * unitPs);
        SimResult nc = sim.run(phase, InjectionPolicy.noControl(), List.of(window));
        double seconds = window.measured.lengthPs() / 1e12;
        double[] share = new double[6];
        for (int f = 0; f < 6; f++) {
            share[f] = window.bytes[f] * 8 / seconds / (GBPS * 1e9);
        }
        double trunk = (double) window.trunkBusy / window.measured.lengthPs();

        Allocation<Double> saa = new Saa().allocate(FabricProblem.build(t, flows, FabricProblem.routed(t, routes,
                "minhop"), WeightBasis.SIZE, 1e-3));
        double[] gbps = new double[flows.size()];
        for (int f = 0; f < gbps.length; f++) {
            gbps[f] = saa.gbps(f);
        }
        Window ratedWindow = new Window(new MeasuredWindow(0, 0), 0.05 * unitPs);
        SimResult rated = sim.run(phase, RatedInjection.factory("ps", gbps), List.of(ratedWindow));
        SimResult fcfs = new Simulator(t, routes, config.withOutputOrder("fcfs")).run(phase);

        double ncDone = nc.phases().get(0).completionNs() * 1000 / unitPs;
        double ratedDone = rated.phases().get(0).completionNs() * 1000 / unitPs;
        List<ClaimResult> claims = List.of(
                repro.claims().get(0).measured(trunk),
                repro.claims().get(1).measured((share[0] + share[1] + share[2] + share[3]) / 4),
                repro.claims().get(2).measured((share[4] + share[5]) / 2),
                repro.claims().get(3).measured(ncDone),
                repro.claims().get(4).measured(ratedDone),
                repro.claims().get(5).measured(ncDone / ratedDone));
        String[] paperNc = {"1/6", "1/6", "1/6", "1/6", "1/3", "1/3"};
        List<List<String>> rows = new ArrayList<>();
        for (int f = 0; f < 6; f++) {
            rows.add(List.of("f" + (f + 1), paperNc[f], fmt(share[f]), fmt(done(nc, f, unitPs)),
                    fmt(done(fcfs, f, unitPs)), fmt(gbps[f] / GBPS), fmt(done(rated, f, unitPs))));
        }
        ResultTable perFlow = new ResultTable("Per flow: steady NC rate (paper, Weft), completion in flow times under "
                + "NC with round-robin and with FCFS outputs, SAA rate and completion under Periodic Selection",
                List.of("flow", "paper NC rate", "NC rate", "NC done (rr)", "NC done (fcfs)", "SAA rate",
                        "PS done"), rows);
        List<Chart.Series> series = List.of(
                new Chart.Series("NC f1..f4 (mean)", window.curve(0, 4, bytes, unitPs)),
                new Chart.Series("NC f5, f6 (mean)", window.curve(4, 6, bytes, unitPs)),
                new Chart.Series("SAA + PS, every flow (mean)", ratedWindow.curve(0, 6, bytes, unitPs), true));
        Chart chart = new Chart("Seed 003 Fig. 1: data delivered per flow, NC vs SAA rates", "time (flow times, the "
                + "paper's ms)", "delivered (fraction of the flow)", false, series);
        String setup = String.format(Locale.ROOT, "2 switches, 8 hosts, 10 Gbit/s; flows of %d x 2 KB; %d-packet "
                + "input buffers, infinite speedup, round-robin outputs, credits", packets, buffer);
        return ReproResult.of(repro, o, setup, claims, List.of(perFlow), chart);
    }

    private static double done(SimResult r, int flow, double unitPs) {
        return r.flows().get(flow).completionNs() * 1000 / unitPs;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** Bytes per flow delivered in a window, trunk busy time in it, and delivered bytes per flow over time. */
    private static final class Window implements SimObserver {
        final MeasuredWindow measured;
        final double[] bytes = new double[6];
        long trunkBusy;
        private final double binPs;
        private final List<double[]> cumulative = new ArrayList<>();
        private final double[] total = new double[6];

        Window(MeasuredWindow measured, double binPs) {
            this.measured = measured;
            this.binPs = binPs;
        }

        @Override
        public void delivered(int src, int dst, int flow, int size, long createdPs, long injectedPs, long nowPs) {
            if (measured.contains(nowPs)) {
                bytes[flow] += size;
            }
            int bin = (int) (nowPs / binPs);
            while (cumulative.size() <= bin) {
                cumulative.add(total.clone());
            }
            total[flow] += size;
            cumulative.set(bin, total.clone());
        }

        @Override
        public void transmitted(int channel, int vc, int size, long startPs, long endPs) {
            if (channel == 0 && measured.contains(startPs)) {
                trunkBusy += endPs - startPs;
            }
        }

        /** Mean fraction delivered of flows [lo, hi) at the end of each bin. */
        List<double[]> curve(int lo, int hi, long flowBytes, double unitPs) {
            List<double[]> points = new ArrayList<>();
            points.add(new double[] {0, 0});
            for (int b = 0; b < cumulative.size(); b++) {
                double sum = 0;
                for (int f = lo; f < hi; f++) {
                    sum += cumulative.get(b)[f];
                }
                points.add(new double[] {(b + 1) * binPs / unitPs, sum / (hi - lo) / flowBytes});
            }
            return points;
        }
    }
}
