package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import weft.model.rate.Allocation;
import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;
import weft.model.rate.Rational;
import weft.model.rate.SaaM;
import weft.model.rate.WeightBasis;
import weft.model.rate.distributed.Dffa;
import weft.model.rate.distributed.DffaTiming;
import weft.model.rate.distributed.SaaMProtocol;
import weft.model.traffic.FluidWorkloads;

/**
 * Seed 000 §6.4 ("Estimating calculation time of DFFA", on the independent-flows experiments of Fig. 6.8): the cost of
 * SAA-M's distributed protocol, "the number of control packets that flows send after all flows enter the network and
 * before acquiring a final rate": no more than five on average, 18 at most.
 *
 * <p>Method: the flows of {@code independent} (every source {@code U[1, max_flows]} flows to random hosts, unit
 * weights) routed adaptively on the enriched tree, unit link capacities; every flow announces its start and the
 * protocol settles ({@link SaaMProtocol} in exact arithmetic, packets delivered in a seeded random order; in
 * doubles it did not settle at max_flows 4 and 5 within 1000 rounds: rounding in the free capacities can read as
 * oversubscription); then probing rounds, in each of which every flow probes with probability 2/3 (the random phase
 * of a periodic probe, which also backs off flows whose reservations collided) and all packets are delivered. The
 * assignment is final after {@code quiet} rounds without a rate change. A flow's count is every control packet its
 * source sent after the start-up up to the round of its last rate change (probes, updates, reservations,
 * cancellations).
 *
 * <p>DFFA's calculation time (§6.4, Fig. 6.9), on the same tree: every source sends a constant number of unit-weight
 * flows ({@code 1 .. dffa-flows}) to random hosts, routed adaptively; all flows start at 0 and {@link Dffa} runs on
 * Table 6.2's timing ({@link DffaTiming}); a flow's time is when its DFFA* loop ended for the last time. In the
 * second experiment one more flow starts once every other flow has its rate, and each flow's time is counted from
 * that start. Per run the mean and the maximum over flows, averaged over runs.
 */
final class SaamRepro implements Reproduction.Experiment {
    /** {@code weft repro saam}: the paper's experiment, one line. */
    static final String TITLE = "Seed 000 §6.4: SAA-M+AR's control packets per flow to its final rate (<= 5 on "
            + "average, 18 at most) and DFFA's calculation time (mean <= 30 µs, max <= 100 µs)";
    static final List<Claim> CLAIMS = List.of(
            new Claim("C12.mean", "SAA-M+AR: control packets per flow to its final rate, mean over flows (largest over "
                    + "max_flows)", 5, "packets", Tolerance.atMost(0, "thesis: 'no more than five on average'"),
                    new Band(0.5, 8)),
            new Claim("C12.max", "SAA-M+AR: control packets of the flow that took most, over all flows and runs", 18,
                    "packets", new Band(2, 60)),
            new Claim("C14.mean", "DFFA+AR, all flows starting at 0: mean calculation time over flows (largest over "
                    + "flows per source)", 30, "µs", Tolerance.atMost(0, "thesis Fig. 6.9a: 'bounded from above by "
                    + "30µs'"), new Band(0.5, 60)),
            new Claim("C14.max", "DFFA+AR, all flows starting at 0: maximum calculation time over flows (largest over "
                    + "flows per source)", 100, "µs", Tolerance.atMost(0, "thesis Fig. 6.9a: 'bounded by 100µs'"),
                    new Band(0.5, 200)),
            new Claim("C14.re.mean", "DFFA+AR, one flow starting after the rest converged: mean recalculation time",
                    30, "µs", Tolerance.atMost(0, "thesis Fig. 6.9b, 'almost identical' to 6.9a"), new Band(0.5, 60)),
            new Claim("C14.re.max", "DFFA+AR, one flow starting after the rest converged: maximum recalculation "
                    + "time", 100, "µs", Tolerance.atMost(0, "thesis Fig. 6.9b"), new Band(0.5, 200)));
    static final List<Parameter> PARAMETERS = TreeFabric.parameters(TreeFabric.arity("16", "4"),
            new Parameter("max-flows", "max_flows = 1 .. this", "5", "3"),
            TreeFabric.runs("2", "2"),
            new Parameter("quiet", "probing rounds without a change that make the assignment final", "5", "5"),
            new Parameter("max-rounds", "probing rounds at most", "1000", "1000"),
            new Parameter("dffa-flows", "DFFA's calculation time: flows per source = 1 .. this", "5", "2"),
            new Parameter("dffa-runs", "DFFA's calculation time: runs (random flow sets) per point", "2", "1"));

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        TreeFabric tree = TreeFabric.of(o, 1);
        int maxFlows = o.integer("max-flows", 1, 16);
        int runs = TreeFabric.runs(o);
        int quiet = o.integer("quiet", 1, 100);
        int maxRounds = o.integer("max-rounds", 1, 100_000);
        int dffaFlows = o.integer("dffa-flows", 1, 16);
        int dffaRuns = o.integer("dffa-runs", 1, 1000);
        SplittableRandom rnd = new SplittableRandom(o.seed());
        List<List<String>> rows = new ArrayList<>();
        double worstMean = Double.NEGATIVE_INFINITY;
        double most = 0;
        List<Supplier<double[]>> tasks = new ArrayList<>();
        for (int m = 1; m <= maxFlows; m++) {
            for (int run = 0; run < runs; run++) {
                int[][] pairs = FluidWorkloads.randomDestinations(tree.hosts(), m, rnd);
                SplittableRandom order = rnd.split();
                tasks.add(() -> converge(tree.route(pairs, true, 1, null).problem(WeightBasis.WEIGHT), order, quiet,
                        maxRounds));
            }
        }
        for (int m = 1; m <= dffaFlows; m++) {
            for (int run = 0; run < dffaRuns; run++) {
                int[][] pairs = FluidWorkloads.fixedDestinations(tree.hosts(), m, rnd);
                int[][] more = FluidWorkloads.fixedDestinations(tree.hosts(), 1, rnd);
                int[][] all = java.util.Arrays.copyOf(pairs, pairs.length + 1);
                all[pairs.length] = more[0];
                tasks.add(() -> dffaTimes(tree.route(all, true, 1, null)));
            }
        }
        List<double[]> converged = o.runner().all(tasks);
        for (int m = 1; m <= maxFlows; m++) {
            double[] sum = new double[4];
            double mostHere = 0;
            for (int run = 0; run < runs; run++) {
                double[] r = converged.get((m - 1) * runs + run);
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += r[i];
                }
                mostHere = Math.max(mostHere, r[1]);
            }
            double[] mean = SchemeSweep.mean(sum, runs);
            rows.add(List.of(Integer.toString(m), String.format(Locale.ROOT, "%.2f", mean[0]),
                    String.format(Locale.ROOT, "%.0f", mostHere), String.format(Locale.ROOT, "%.1f", mean[2]),
                    String.format(Locale.ROOT, "%.4f", mean[3])));
            worstMean = Math.max(worstMean, mean[0]);
            most = Math.max(most, mostHere);
        }
        int offset = maxFlows * runs;
        List<List<String>> dffaRows = new ArrayList<>();
        double[] worst = new double[4];
        for (int m = 1; m <= dffaFlows; m++) {
            double[] sum = new double[5];
            for (int run = 0; run < dffaRuns; run++) {
                double[] r = converged.get(offset + (m - 1) * dffaRuns + run);
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += r[i];
                }
            }
            double[] mean = SchemeSweep.mean(sum, dffaRuns);
            List<String> row = new ArrayList<>(List.of(Integer.toString(m)));
            for (int i = 0; i < 4; i++) {
                worst[i] = Math.max(worst[i], mean[i]);
                row.add(String.format(Locale.ROOT, "%.2f", mean[i]));
            }
            row.add(String.format(Locale.ROOT, "%.0f", mean[4]));
            dffaRows.add(row);
        }
        ResultTable dffa = new ResultTable("DFFA+AR's calculation time on Table 6.2's model (µs; per run the mean "
                + "and maximum over flows, averaged over runs): all flows starting at 0 (the thesis's Fig. 6.9a: "
                + "mean <= 30, max <= 100) and one flow starting after the rest converged (Fig. 6.9b)",
                List.of("flows per source", "mean", "max", "re-calculation mean", "re-calculation max",
                        "special packets per flow"), dffaRows);
        ResultTable table = new ResultTable("SAA-M+AR's distributed protocol: control packets per flow from the end "
                + "of start-up to its final rate (mean over flows and runs; most of one flow), probing rounds to the "
                + "final assignment, and the protocol's mean rate over the centralised SAA-M's", List.of("max_flows",
                "mean packets", "most packets", "rounds", "rate / SAA-M"), rows);
        String setup = String.format(Locale.ROOT, "%s, unit capacities; U[1, max_flows] flows per source to random "
                + "hosts, max_flows = 1..%d, %d runs each; probes with probability 2/3 per round, final after %d "
                + "quiet rounds; DFFA: 1..%d flows per source to random hosts, %d runs each, Table 6.2's timing",
                tree.describe(), maxFlows, runs, quiet, dffaFlows, dffaRuns);
        return ReproResult.of(repro, o, setup, List.of(CLAIMS.get(0).measured(worstMean),
                CLAIMS.get(1).measured(most), CLAIMS.get(2).measured(worst[0]), CLAIMS.get(3).measured(worst[1]),
                CLAIMS.get(4).measured(worst[2]), CLAIMS.get(5).measured(worst[3])), List.of(table, dffa), null);
    }

    /**
     * DFFA's calculation time for one flow set whose last flow starts late (seed 000 §6.4, Fig. 6.9): {@code {mean
     * and max over the other flows of the time their DFFA* loop last ended, all starting at 0; mean and max over all
     * flows of the same counted from the late flow's start; special packets per flow}}, times in µs.
     */
    private static double[] dffaTimes(TreeFabric.Routed routed) {
        RateProblem problem = routed.problem(WeightBasis.WEIGHT);
        int flows = problem.flowCount();
        Dffa<Rational> d = DffaTiming.table62().dffa(routed.topology(), problem, Arithmetic.EXACT);
        for (int f = 0; f < flows - 1; f++) {
            d.start(f);
        }
        d.run();
        double[] first = meanMax(d, 0, flows - 1, 0);
        long late = d.nowPicos();
        d.start(flows - 1);
        d.run();
        double[] again = meanMax(d, 0, flows, late);
        return new double[] {first[0], first[1], again[0], again[1], (double) d.packets() / flows};
    }

    /** Mean and maximum over flows {@code from..to-1} of their loop ends after {@code since}, in µs. */
    private static double[] meanMax(Dffa<Rational> d, int from, int to, long since) {
        double sum = 0;
        double max = 0;
        for (int f = from; f < to; f++) {
            if (d.loopEndPicos(f) < 0) {
                throw new IllegalStateException("dffa: flow " + f + " has no final rate");
            }
            double us = (d.loopEndPicos(f) - since) / 1e6;
            sum += us;
            max = Math.max(max, us);
        }
        return new double[] {sum / (to - from), max};
    }

    /**
     * One flow set through the protocol: {@code {mean packets per flow to its final rate, most packets of one flow,
     * probing rounds, mean protocol rate / mean centralised SAA-M rate}}.
     */
    private static double[] converge(RateProblem problem, SplittableRandom order, int quiet, int maxRounds) {
        int flows = problem.flowCount();
        SaaMProtocol<Rational> s = new SaaMProtocol<>(problem, Arithmetic.EXACT, order);
        for (int f = 0; f < flows; f++) {
            s.start(f);
        }
        s.run();
        long[] base = new long[flows];
        long[] toFinal = new long[flows];
        Rational[] last = new Rational[flows];
        for (int f = 0; f < flows; f++) {
            base[f] = s.packetsSent(f);
            last[f] = s.rate(f);
        }
        int round = 0;
        for (int still = 0; still < quiet && round < maxRounds; round++) {
            for (int f = 0; f < flows; f++) {
                if (order.nextInt(3) > 0) {
                    s.probe(f);
                }
            }
            s.run();
            boolean changed = false;
            for (int f = 0; f < flows; f++) {
                Rational r = s.rate(f);
                if (r.compareTo(last[f]) != 0) {
                    toFinal[f] = s.packetsSent(f) - base[f];
                    last[f] = r;
                    changed = true;
                }
            }
            still = changed ? 0 : still + 1;
        }
        Allocation<Double> central = new SaaM().allocate(problem);
        double packets = 0;
        double most = 0;
        double rate = 0;
        double centralRate = 0;
        for (int f = 0; f < flows; f++) {
            packets += toFinal[f];
            most = Math.max(most, toFinal[f]);
            rate += last[f].doubleValue();
            centralRate += central.gbps(f);
        }
        return new double[] {packets / flows, most, round, rate / centralRate};
    }
}
