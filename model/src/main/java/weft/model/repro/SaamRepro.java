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
 */
final class SaamRepro implements Reproduction.Experiment {
    /** {@code weft repro saam}: the paper's experiment, one line. */
    static final String TITLE = "Seed 000 §6.4: SAA-M+AR's control packets per flow to its final rate (<= 5 on "
            + "average, 18 at most)";
    static final List<Claim> CLAIMS = List.of(
            new Claim("C12.mean", "SAA-M+AR: control packets per flow to its final rate, mean over flows (largest over "
                    + "max_flows)", 5, "packets", Tolerance.atMost(0, "thesis: 'no more than five on average'"),
                    new Band(0.5, 8)),
            new Claim("C12.max", "SAA-M+AR: control packets of the flow that took most, over all flows and runs", 18,
                    "packets", Tolerance.defaultRelative(), new Band(2, 60)));
    static final List<Parameter> PARAMETERS = TreeFabric.parameters(TreeFabric.arity("16", "4"),
            new Parameter("max-flows", "max_flows = 1 .. this", "5", "3"),
            TreeFabric.runs("2", "2"),
            new Parameter("quiet", "probing rounds without a change that make the assignment final", "5", "5"),
            new Parameter("max-rounds", "probing rounds at most", "1000", "1000"));

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        TreeFabric tree = TreeFabric.of(o, 1);
        int maxFlows = o.integer("max-flows", 1, 16);
        int runs = TreeFabric.runs(o);
        int quiet = o.integer("quiet", 1, 100);
        int maxRounds = o.integer("max-rounds", 1, 100_000);
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
        ResultTable table = new ResultTable("SAA-M+AR's distributed protocol: control packets per flow from the end "
                + "of start-up to its final rate (mean over flows and runs; most of one flow), probing rounds to the "
                + "final assignment, and the protocol's mean rate over the centralised SAA-M's", List.of("max_flows",
                "mean packets", "most packets", "rounds", "rate / SAA-M"), rows);
        String setup = String.format(Locale.ROOT, "%s, unit capacities; U[1, max_flows] flows per source to random "
                + "hosts, max_flows = 1..%d, %d runs each; probes with probability 2/3 per round, final after %d "
                + "quiet rounds", tree.describe(), maxFlows, runs, quiet);
        return ReproResult.of(repro, o, setup, List.of(CLAIMS.get(0).measured(worstMean),
                CLAIMS.get(1).measured(most)), List.of(table), null);
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
