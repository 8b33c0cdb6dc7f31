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
final class AdmissionRepro extends DeclaredReproduction {
    private static final Tolerance DEFAULT = Tolerance.defaultRelative();
    private static final List<Claim> CLAIMS = List.of(
            new Claim("A5.none", "high mark, no admission control: mean latency of all packets", 1120, "cycles",
                    DEFAULT, new Band(50, 50000)),
            new Claim("A5.cl", "high mark, Calibrated Load: mean latency of all packets", 436, "cycles", DEFAULT,
                    new Band(30, 5000)),
            new Claim("A5.reduction", "high mark: CL / no admission control mean latency (-61%)", 436.0 / 1120,
                    "ratio", DEFAULT, new Band(0.01, 0.97)),
            new Claim("A5.ll", "high mark: Link-by-Link / CL mean latency (485 / 436)", 485.0 / 436, "ratio",
                    DEFAULT, new Band(0.3, 3)),
            new Claim("A3", "high mark, Link-by-Link: largest deviation of an SL's share of the accepted load from "
                    + "Table 4.1 ('exactly as specified')", 0, "points",
                    Tolerance.absolute(2, "thesis: 'exactly'; 2 percentage points of plot reading"),
                    new Band(0, 8)),
            new Claim("A7", "high mark: SL1 95th percentile over 3-switch paths, LL / CL (297 / 498)", 297.0 / 498,
                    "ratio", DEFAULT, new Band(0.1, 1.5)));
    private static final List<Parameter> PARAMETERS = IbaExperiment.parameters(
            new Parameter("flow", "peak rate P of one flow, a fraction of the link", "0.01", "0.01"));

    AdmissionRepro() {
        super("admission", "002", "Seed 002 §5.4.1 Figs. 5.1-5.3: class-level admission control, no AC vs "
                + "Calibrated Load vs Link-by-Link (1120 -> 436 cycles)", CLAIMS, PARAMETERS);
    }

    @Override
    public ReproResult run(ReproOptions o) {
        double flow = o.number("flow", 1e-4, 1);
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
            brokers.add(List.of(Long.toString(f.seed()), ResultTable.fixed(saturated, 2), String.format(Locale.ROOT,
                    "%.1f / %.1f", clHigh, clLow), ResultTable.fixed(effective, 2), ResultTable.fixed(mean(none[i]), 2),
                    ResultTable.fixed(mean(cl[i]), 2), ResultTable.fixed(mean(ll[i]), 2)));
        }
        ServiceLevelMark noAc = x.mark(sims, fabrics, classes, none);
        ServiceLevelMark withCl = x.mark(sims, fabrics, classes, cl);
        ServiceLevelMark withLl = x.mark(sims, fabrics, classes, ll);
        double[] table = levels.loads();
        double totalShare = 0;
        for (double l : table) {
            totalShare += l;
        }
        double deviation = 0;
        for (int c = 0; c < classes; c++) {
            deviation = Math.max(deviation, Math.abs(100 * withLl.share(c) - 100 * table[c] / totalShare));
        }
        ClassStats.Samples clThree = withCl.firstOver(3);
        ClassStats.Samples llThree = withLl.firstOver(3);
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(noAc.all.mean()),
                CLAIMS.get(1).measured(withCl.all.mean()),
                CLAIMS.get(2).measured(withCl.all.mean() / noAc.all.mean()),
                CLAIMS.get(3).measured(withLl.all.mean() / withCl.all.mean()),
                CLAIMS.get(4).measured(deviation),
                CLAIMS.get(5).measured(llThree.quantile(0.95) / clThree.quantile(0.95)));

        String[] names = {"no admission control", "Calibrated Load", "Link-by-Link"};
        String[] paperMean = {"1120", "436", "485"};
        ServiceLevelMark[] marks = {noAc, withCl, withLl};
        List<List<String>> rows = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
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
                        jitterRow("Link-by-Link", "142 / 87 / 297", llThree)));
        ResultTable calibration = new ResultTable("Brokers per fabric: saturation load of the fabric's own sweep, "
                + "CL_high / CL_low (Gbit/s), LL's effective fraction of the link, mean offered per host with no "
                + "admission control and admitted by CL and LL", List.of("fabric seed", "saturation",
                "CL_high / CL_low", "LL BW_link", "offered", "CL admits", "LL admits"), brokers);
        List<Chart.Series> series = new ArrayList<>();
        series.add(new Chart.Series("accepted, no admission control", sweep.stream()
                .map(p -> new double[] {p.meanLoad(), p.totalAccepted()}).toList()));
        series.add(new Chart.Series("offered", sweep.stream().map(p -> new double[] {p.meanLoad(),
            p.totalOffered()}).toList(), true));
        series.add(new Chart.Series("CL at the high mark", List.of(new double[] {high,
            ServiceLevelSweep.mean(withCl.accepted)})));
        series.add(new Chart.Series("LL at the high mark", List.of(new double[] {high,
            ServiceLevelSweep.mean(withLl.accepted)})));
        Chart chart = new Chart("Seed 002 Fig. 5.1: accepted load per host, " + x.switches() + "-switch irregular "
                + "fabrics, with the admitted load of CL and LL at the high mark", "mean offered load per host",
                "mean accepted load per host", false, series);
        String setup = x.describe(fabrics.get(0).routes().layers(), o.string("limit")) + String.format(
                Locale.ROOT, "; Table 4.1 balanced; saturation at mean load %.2f, high mark %.2f; flows of P = %.2f "
                + "of the link", medium, high, flow);
        return ReproResult.of(this, o, setup, claims, List.of(perScheme, jitter, calibration), chart);
    }

    private static List<String> jitterRow(String name, String paper, ClassStats.Samples s) {
        return List.of(name, paper, ResultTable.fixed(s.mean(), 0) + " / " + ResultTable.fixed(s.sd(), 0) + " / "
                + ResultTable.fixed(s.quantile(0.95), 0), Integer.toString(s.size()));
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
