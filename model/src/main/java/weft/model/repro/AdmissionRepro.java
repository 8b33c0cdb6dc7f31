package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import weft.model.admission.AdmissionControl;
import weft.model.admission.AdmittedLoad;
import weft.model.admission.CalibratedLoad;
import weft.model.admission.FabricLinks;
import weft.model.admission.Saturation;
import weft.model.io.Chart;
import weft.model.qos.ServiceLevels;
import weft.model.sim.Simulator;
import weft.model.topology.Topology;

/**
 * Seed 002 §5.4.1 (Figs. 5.1-5.3): class-level admission control on the fabrics of chapter 4. A sweep without
 * admission control calibrates each fabric's broker at its saturation point (§5.1): Calibrated Load takes the
 * high- and low-priority accepted loads there as {@code CL_high}, {@code CL_low} (eq. 5.1), Link-by-Link the busiest
 * switch link's utilisation there as the effective link bandwidth (eqs. 5.3-5.4). At the high mark every host's
 * demand, cut into flows of peak rate P, asks the broker flow by flow ({@link AdmittedLoad}); the hosts then send
 * what was admitted. Measured: mean latency of all packets (A5: 1120 cycles without admission control, 436 with CL,
 * 485 with LL), each SL's share of the accepted load (A3: exactly Table 4.1 with LL) and SL1's latency over
 * three-switch paths (A7). Setup in {@link IbaSetup}; the marks as in {@link QosRepro}.
 */
final class AdmissionRepro implements Reproduction.Experiment {
    /** {@code weft repro admission}: the paper's experiment, one line. */
    static final String TITLE = "Seed 002 §5.4 Figs. 5.1-5.7: class- and flow-level admission control, no AC vs "
            + "Calibrated Load, Link-by-Link, Egress-Based and Probe-Based (1120 -> 436 cycles)";
    static final List<Claim> CLAIMS = List.of(
            new Claim("A5.none", "high mark, no admission control: mean latency of all packets", 1120, "cycles",
                    new Band(50, 50000)),
            new Claim("A5.cl", "high mark, Calibrated Load: mean latency of all packets", 436, "cycles",
                    new Band(30, 5000)),
            new Claim("A5.reduction", "high mark: CL / no admission control mean latency (-61%)", 436.0 / 1120,
                    "ratio", new Band(0.01, 0.97)),
            new Claim("A5.ll", "high mark: Link-by-Link / CL mean latency (485 / 436)", 485.0 / 436, "ratio",
                    new Band(0.3, 3)),
            new Claim("A3", "high mark, Link-by-Link: largest deviation of an SL's share of the accepted load from "
                    + "Table 4.1 ('exactly as specified')", 0, "points",
                    Tolerance.absolute(2, "thesis: 'exactly'; 2 percentage points of plot reading"),
                    new Band(0, 8)),
            new Claim("A7", "high mark: SL1 95th percentile over 3-switch paths, LL / CL (297 / 498)", 297.0 / 498,
                    "ratio", new Band(0.1, 1.5)),
            new Claim("A4", "high mark, Egress-Based: admitted load over the saturation load ('unable to keep the "
                    + "load below the saturation point')", 1.0, "ratio", Tolerance.atLeast(0, "thesis Fig. 5.1d: "
                    + "direction, EB admits past saturation"), new Band(0.3, 3)),
            cycles("A6.sl1", "high mark, Egress-Based: SL1 mean latency (delay bound 100 cycles missed)", 187),
            cycles("A6.sl3", "high mark, Egress-Based: SL3 mean latency (delay bound 250 cycles missed)", 316),
            new Claim("A7.eb", "high mark: SL1 95th percentile over 3-switch paths, EB / CL (357 / 498)",
                    357.0 / 498, "ratio", new Band(0.1, 3)),
            new Claim("A8.pb", "high mark, Probe-Based: SL1-4 flows' received / requested rate", 1.0, "ratio",
                    new Band(0.7, 1.2)),
            new Claim("A8.sl5", "high mark, Probe-Based: SL5 flows' rate over SL1-4 flows' ('SL5 gets less')", 0.95,
                    "ratio", Tolerance.atMost(0, "thesis Fig. 5.5b: direction, at least 5% below SL1-4"),
                    new Band(0, 1.2)),
            new Claim("A9.rate", "high mark, Egress-Based: SL1-4 admitted flows' received / requested rate", 1.0,
                    "ratio", new Band(0.5, 1.2)),
            new Claim("A9.shares", "high mark, Egress-Based: largest deviation of an SL's share of the admitted load "
                    + "from Table 4.1 ('not differentiated')", 2, "points", Tolerance.atLeast(0, "thesis Fig. 5.5c: "
                    + "direction, beyond A3's 2 points"), new Band(0, 40)),
            new Claim("A10.pb", "high mark: high-priority flows' mean latency, PB / no admission control ('one "
                    + "order of magnitude')", 0.1, "ratio", Tolerance.atMost(0.1, "an order of magnitude read as at "
                    + "least 5 x"), new Band(0.01, 1.2)),
            cycles("A10.pb.level", "high mark, Probe-Based: mean flow latency of all flows ('levels out at 100')", 100),
            cycles("A10.eb.high", "high mark, Egress-Based: high-priority flows' mean latency", 700),
            cycles("A10.eb.low", "high mark, Egress-Based: low-priority flows' mean latency", 1000),
            new Claim("A11.pb", "high mark, Probe-Based: largest jitter of a high-priority flow ('300 to 600')", 450,
                    "cycles", Tolerance.absolute(150, "thesis: 'in the order of 300 to 600 cycles'"),
                    new Band(0, 20000)),
            new Claim("A11.eb", "high mark, Egress-Based: largest jitter of any flow", 12000, "cycles",
                    new Band(0, 50000)));
    static final List<Parameter> PARAMETERS = IbaExperiment.parameters(
            new Parameter("flow", "peak rate P of one flow, a fraction of the link", "0.01", "0.01"),
            new Parameter("rounds", "EB and PB: request batches, each decided on a run of the flows admitted before "
                    + "it", "3", "2"),
            new Parameter("slots", "EB: slots of one packet time per measurement interval (T)", "20", "20"),
            new Parameter("alpha", "EB: confidence factor α of eq. 5.5 (not given by the thesis)", "2", "2"),
            new Parameter("delay", "EB: delay bound D per SL1..SL5, cycles (the thesis: 100 for SL1-2, 250 for "
                    + "SL3-4; none for SL5)", "100,100,250,250,500", "100,100,250,250,500"),
            new Parameter("jitter", "PB: jitter bound J per SL1..SL5 carried by the probes, cycles (not given by the "
                    + "thesis; Weft takes the delay bounds)", "100,100,250,250,500", "100,100,250,250,500"));

    /** A latency in cycles, the default tolerance, any plausible latency at quick size. */
    private static Claim cycles(String id, String what, double paper) {
        return new Claim(id, what, paper, "cycles", new Band(30, 5000));
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        double flow = o.number("flow", 1e-4, 1);
        MeasuredBrokers measured = new MeasuredBrokers(IbaExperiment.of(o), o.integer("slots", 1, 10_000),
                o.number("alpha", 0, 100), o.integer("rounds", 1, 100), MeasuredBrokers.bounds(o, "delay"),
                MeasuredBrokers.bounds(o, "jitter"));
        IbaExperiment x = IbaExperiment.of(o);
        int count = x.count();
        ServiceLevels levels = ServiceLevels.table41Balanced();
        int classes = levels.size();
        List<IbaSetup.Fabric> fabrics = x.fabrics(classes, o.seed());
        List<Simulator> sims = x.simulators(fabrics, levels);
        List<ServiceLevelSweep.Point> sweep = x.sweep(sims, fabrics, levels);
        double medium = ServiceLevelSweep.saturation(sweep);
        double high = x.highFactor() * medium;

        double[][] none = new double[count][];
        double[][] cl = new double[count][];
        double[][] ll = new double[count][];
        double[][] eb = new double[count][];
        double[][] pb = new double[count][];
        double overSaturation = 0;
        SplittableRandom measuredOrder = new SplittableRandom(o.seed() + 1);
        List<List<String>> brokers = new ArrayList<>();
        SplittableRandom order = new SplittableRandom(o.seed());
        for (int i = 0; i < count; i++) {
            IbaSetup.Fabric f = fabrics.get(i);
            Topology t = f.topology();
            List<Saturation.Point> own = new ArrayList<>();
            for (ServiceLevelSweep.Point p : sweep) {
                own.add(p.fabrics().get(i));
            }
            double saturated = x.loads().get(own.indexOf(Saturation.of(own, ServiceLevelSweep.SATURATION_TOLERANCE)));
            ClassStats at = IbaSetup.measure(sims.get(i), f, classes, IbaSetup.hostLoads(levels, f.serviceLevel(),
                    saturated), x.queue());
            double clHigh = 0;
            double clLow = 0;
            int[] hostsOf = new int[classes];
            for (int sl : f.serviceLevel()) {
                hostsOf[sl]++;
            }
            for (int c = 0; c < classes; c++) {
                double gbps = at.accepted(c) * hostsOf[c] * IbaSetup.GBPS;
                if (c < levels.highClasses()) {
                    clHigh += gbps;
                } else {
                    clLow += gbps;
                }
            }
            double effective = Math.min(1, at.busiest(t.graph().channelCount()));
            FabricLinks links = new FabricLinks(t, f.routes());
            none[i] = IbaSetup.hostLoads(levels, f.serviceLevel(), high);
            List<AdmittedLoad.Demand> demands = new ArrayList<>();
            for (int h = 0; h < none[i].length; h++) {
                String src = t.hosts().get(h).id();
                String dst = t.hosts().get(f.destination()[h]).id();
                demands.add(new AdmittedLoad.Demand(src, f.serviceLevel()[h], none[i][h] * IbaSetup.GBPS,
                        links.path(src, dst)));
            }
            AdmissionControl calibrated = new CalibratedLoad(levels.highClasses(), clHigh, clLow);
            AdmissionControl linkByLink = links.linkByLink(effective, levels.loads());
            cl[i] = fractions(AdmittedLoad.admit(calibrated, demands, flow * IbaSetup.GBPS, order));
            ll[i] = fractions(AdmittedLoad.admit(linkByLink, demands, flow * IbaSetup.GBPS, order));
            eb[i] = fractions(measured.egressBased(sims.get(i), f, demands, flow * IbaSetup.GBPS, measuredOrder));
            pb[i] = fractions(measured.probeBased(sims.get(i), f, demands, flow * IbaSetup.GBPS, measuredOrder));
            overSaturation += mean(eb[i]) / saturated / count;
            brokers.add(List.of(Long.toString(f.seed()), ResultTable.fixed(saturated, 2), String.format(Locale.ROOT,
                    "%.1f / %.1f", clHigh, clLow), ResultTable.fixed(effective, 2), ResultTable.fixed(mean(none[i]), 2),
                    ResultTable.fixed(mean(cl[i]), 2), ResultTable.fixed(mean(ll[i]), 2),
                    ResultTable.fixed(mean(eb[i]), 2), ResultTable.fixed(mean(pb[i]), 2)));
        }
        ServiceLevelMark noAc = x.mark(sims, fabrics, classes, none, flow);
        ServiceLevelMark withCl = x.mark(sims, fabrics, classes, cl, flow);
        ServiceLevelMark withLl = x.mark(sims, fabrics, classes, ll, flow);
        ServiceLevelMark withEb = x.mark(sims, fabrics, classes, eb, flow);
        ServiceLevelMark withPb = x.mark(sims, fabrics, classes, pb, flow);
        double[] table = levels.loads();
        double deviation = deviation(withLl.accepted, table);
        ClassStats.Samples clThree = withCl.firstOver(3);
        ClassStats.Samples llThree = withLl.firstOver(3);
        ClassStats.Samples ebThree = withEb.firstOver(3);
        double[] ebAdmitted = new double[classes];
        for (int i = 0; i < count; i++) {
            for (int h = 0; h < eb[i].length; h++) {
                ebAdmitted[fabrics.get(i).serviceLevel()[h]] += eb[i][h];
            }
        }
        int highSl = levels.highClasses();
        List<FlowStats.Flow> pbFlows = withPb.flows;
        List<FlowStats.Flow> ebFlows = withEb.flows;
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(noAc.all.mean()),
                CLAIMS.get(1).measured(withCl.all.mean()),
                CLAIMS.get(2).measured(withCl.all.mean() / noAc.all.mean()),
                CLAIMS.get(3).measured(withLl.all.mean() / withCl.all.mean()),
                CLAIMS.get(4).measured(deviation),
                CLAIMS.get(5).measured(llThree.quantile(0.95) / clThree.quantile(0.95)),
                CLAIMS.get(6).measured(overSaturation),
                CLAIMS.get(7).measured(withEb.latency[0].mean()),
                CLAIMS.get(8).measured(withEb.latency[2].mean()),
                CLAIMS.get(9).measured(ebThree.quantile(0.95) / clThree.quantile(0.95)),
                CLAIMS.get(10).measured(FlowStats.meanRate(pbFlows, 0, classes - 1)),
                CLAIMS.get(11).measured(FlowStats.meanRate(pbFlows, classes - 1, classes)
                        / FlowStats.meanRate(pbFlows, 0, classes - 1)),
                CLAIMS.get(12).measured(FlowStats.meanRate(ebFlows, 0, classes - 1)),
                CLAIMS.get(13).measured(deviation(ebAdmitted, table)),
                CLAIMS.get(14).measured(FlowStats.meanLatency(pbFlows, 0, highSl)
                        / FlowStats.meanLatency(noAc.flows, 0, highSl)),
                CLAIMS.get(15).measured(FlowStats.meanLatency(pbFlows, 0, classes)),
                CLAIMS.get(16).measured(FlowStats.meanLatency(ebFlows, 0, highSl)),
                CLAIMS.get(17).measured(FlowStats.meanLatency(ebFlows, highSl, classes)),
                CLAIMS.get(18).measured(FlowStats.maxJitter(pbFlows, 0, highSl)),
                CLAIMS.get(19).measured(FlowStats.maxJitter(ebFlows, 0, classes)));

        String[] names = {"no admission control", "Calibrated Load", "Link-by-Link", "Egress-Based", "Probe-Based"};
        String[] paperMean = {"1120", "436", "485", "-", "-"};
        ServiceLevelMark[] marks = {noAc, withCl, withLl, withEb, withPb};
        List<List<String>> rows = new ArrayList<>();
        for (int k = 0; k < marks.length; k++) {
            ServiceLevelMark m = marks[k];
            List<String> r = new ArrayList<>(List.of(names[k], paperMean[k], ResultTable.fixed(m.all.mean(), 0),
                    ResultTable.fixed(ServiceLevelSweep.mean(m.accepted), 2)));
            for (int c = 0; c < classes; c++) {
                r.add(String.format(Locale.ROOT, "%.1f%% / %.0f", 100 * m.share(c), m.latency[c].mean()));
            }
            rows.add(r);
        }
        List<String> cols = new ArrayList<>(List.of("scheme", "paper mean latency", "Weft mean latency",
                "accepted per host"));
        for (int c = 0; c < classes; c++) {
            cols.add(QosRepro.SL[c] + " share / latency (Table 4.1: " + (int) table[c] + "%)");
        }
        ResultTable perScheme = new ResultTable("At the high mark (mean offered " + ResultTable.fixed(high, 2)
                + ", " + ResultTable.fixed(x.highFactor(), 2) + " x saturation): mean latency in cycles, accepted "
                + "load, each SL's share of it and mean latency", cols, rows);
        ResultTable jitter = new ResultTable("SL1 over 3-switch paths at the high mark, cycles (thesis Fig. 5.3)",
                List.of("scheme", "paper mean / sd / p95", "Weft mean / sd / p95", "samples"), List.of(
                        jitterRow("no admission control", "- (medium mark shown)", noAc.firstOver(3)),
                        jitterRow("Calibrated Load", "194 / 279 / 498", clThree),
                        jitterRow("Link-by-Link", "142 / 87 / 297", llThree),
                        jitterRow("Egress-Based", "- / - / 357", ebThree)));
        ResultTable perFlow = FlowTable.of(highSl, classes, List.of(names[0], names[2], names[3], names[4]),
                List.of(noAc.flows, withLl.flows, ebFlows, pbFlows));
        ResultTable calibration = new ResultTable("Brokers per fabric: saturation load of the fabric's own sweep, "
                + "CL_high / CL_low (Gbit/s), LL's effective fraction of the link, mean offered per host with no "
                + "admission control and admitted by CL, LL, EB and PB", List.of("fabric seed", "saturation",
                "CL_high / CL_low", "LL BW_link", "offered", "CL admits", "LL admits", "EB admits", "PB admits"),
                brokers);
        List<Chart.Series> series = new ArrayList<>();
        series.add(new Chart.Series("accepted, no admission control", sweep.stream()
                .map(p -> new double[] {p.meanLoad(), p.totalAccepted()}).toList()));
        series.add(new Chart.Series("offered", sweep.stream().map(p -> new double[] {p.meanLoad(),
            p.totalOffered()}).toList(), true));
        series.add(new Chart.Series("CL at the high mark", List.of(new double[] {high,
            ServiceLevelSweep.mean(withCl.accepted)})));
        series.add(new Chart.Series("LL at the high mark", List.of(new double[] {high,
            ServiceLevelSweep.mean(withLl.accepted)})));
        series.add(new Chart.Series("EB at the high mark", List.of(new double[] {high,
            ServiceLevelSweep.mean(withEb.accepted)})));
        series.add(new Chart.Series("PB at the high mark", List.of(new double[] {high,
            ServiceLevelSweep.mean(withPb.accepted)})));
        Chart chart = new Chart("Seed 002 Fig. 5.1: accepted load per host, " + x.switches() + "-switch irregular "
                + "fabrics, with the admitted load of CL and LL at the high mark", "mean offered load per host",
                "mean accepted load per host", false, series);
        String setup = x.describe(fabrics.get(0).routes().layers(), o.string("limit")) + String.format(
                Locale.ROOT, "; Table 4.1 balanced; saturation at mean load %.2f, high mark %.2f; flows of P = %.2f "
                + "of the link; EB with T = %d slots of 32 cycles, α = %s, delay bounds %s cycles; PB with 6 probes "
                + "per request on SL5, jitter bounds %s cycles; EB and PB decide in %d rounds", medium, high, flow,
                o.integer("slots", 1, 10_000), o.string("alpha"), o.string("delay"), o.string("jitter"),
                o.integer("rounds", 1, 100));
        return ReproResult.of(repro, o, setup, claims, List.of(perScheme, jitter, perFlow, calibration), chart);
    }

    private static List<String> jitterRow(String name, String paper, ClassStats.Samples s) {
        return List.of(name, paper, ResultTable.fixed(s.mean(), 0) + " / " + ResultTable.fixed(s.sd(), 0) + " / "
                + ResultTable.fixed(s.quantile(0.95), 0), Integer.toString(s.size()));
    }


    /** The largest deviation, in percentage points, of a level's share of {@code load} from Table 4.1's. */
    private static double deviation(double[] load, double[] table) {
        double total = 0;
        double share = 0;
        for (int c = 0; c < table.length; c++) {
            total += load[c];
            share += table[c];
        }
        double most = 0;
        for (int c = 0; c < table.length; c++) {
            most = Math.max(most, Math.abs(100 * load[c] / total - 100 * table[c] / share));
        }
        return most;
    }

    private static double[] fractions(AdmittedLoad.Result r) {
        double[] out = r.admittedGbps();
        for (int i = 0; i < out.length; i++) {
            out[i] /= IbaSetup.GBPS;
        }
        return out;
    }

    private static double mean(double[] v) {
        return ServiceLevelSweep.mean(v);
    }
}
