package weft.model.admission;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Runs one load level of a class-level experiment through an admission scheme: every host's demand is cut into
 * flows of a fixed peak rate, the flows of all hosts ask in a random interleaved order, and what each host may
 * send is the sum of its admitted flows. The simulator then injects only that.
 *
 * <p>Seed 002 §5.4.1: the schemes are connection admission control, deciding per flow before it sends; admitted
 * flows are not throttled; offered load grows beyond saturation while the accepted load is held below it.
 * Decisions (the thesis does not give its flow model): a demand of r Gbit/s is {@code ceil(r / flowGbps)} flows,
 * the last one carrying the remainder; requests are shuffled across hosts by the given generator so that no host
 * is served first.
 */
public final class AdmittedLoad {
    private AdmittedLoad() {
    }

    /**
     * What one host wants to send.
     *
     * @param source       host id, used in flow ids
     * @param serviceLevel its service level (class index)
     * @param gbps         offered rate
     * @param links        the links of its path (see {@link FabricLinks#path})
     */
    public record Demand(String source, int serviceLevel, double gbps, int[] links) {
        public Demand {
            if (!(gbps >= 0) || Double.isInfinite(gbps)) {
                throw new IllegalArgumentException("demand of " + source + ": rate must be >= 0 Gbit/s, got "
                        + gbps);
            }
            links = links.clone();
        }
    }

    /**
     * The outcome.
     *
     * @param admittedGbps per demand, in the order given: the rate its admitted flows may send
     * @param requested    flow requests made
     * @param admitted     flow requests admitted
     */
    public record Result(double[] admittedGbps, int requested, int admitted) {
        public Result {
            admittedGbps = admittedGbps.clone();
        }

        /** Sum of the admitted rates. */
        public double totalGbps() {
            double t = 0;
            for (double r : admittedGbps) {
                t += r;
            }
            return t;
        }
    }

    /**
     * Asks for every flow of every demand once.
     *
     * @param control  a scheme with no flows yet (CL, LL)
     * @param flowGbps peak rate P of one flow
     * @param random   the request order's only source of randomness
     */
    public static Result admit(AdmissionControl control, List<Demand> demands, double flowGbps,
                               RandomGenerator random) {
        long[] order = order(demands, flowGbps, random);
        double[] admitted = new double[demands.size()];
        int granted = 0;
        for (long o : order) {
            int i = (int) (o >>> 32);
            int f = (int) o;
            Demand d = demands.get(i);
            double peak = Math.min(flowGbps, d.gbps() - f * flowGbps);
            AdmissionRequest r = new AdmissionRequest(d.source() + "#" + f, d.links(), d.serviceLevel(), peak);
            if (control.request(r).admitted()) {
                admitted[i] += peak;
                granted++;
            }
        }
        return new Result(admitted, order.length, granted);
    }

    /**
     * Asks for every flow of every demand once, in {@code rounds} batches of the shuffled requests, for a scheme
     * that measures the network (EB, PB): before each batch {@code meter} runs the flows admitted so far and tells
     * what each of the batch's requests sees. Decision (the thesis does not say how requests overlap in time):
     * requests of one batch see the same run, so a batch's flows do not see each other; the meter may account for
     * them ({@link Round#of}'s {@code admittedThisRound}).
     */
    public static <M> Result admitInRounds(MeasuredAdmission<M> control, List<Demand> demands, double flowGbps,
                                           int rounds, Meter<M> meter, RandomGenerator random) {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be >= 1, got " + rounds);
        }
        long[] order = order(demands, flowGbps, random);
        double[] admitted = new double[demands.size()];
        int granted = 0;
        for (int round = 0; round < rounds; round++) {
            int from = (int) ((long) order.length * round / rounds);
            int to = (int) ((long) order.length * (round + 1) / rounds);
            int[] asking = new int[demands.size()];
            for (int q = from; q < to; q++) {
                asking[(int) (order[q] >>> 32)]++;
            }
            Round<M> seen = meter.measure(admitted.clone(), asking);
            int[] asked = new int[demands.size()];
            double[] thisRound = new double[demands.size()];
            for (int q = from; q < to; q++) {
                int i = (int) (order[q] >>> 32);
                int f = (int) order[q];
                Demand d = demands.get(i);
                double peak = Math.min(flowGbps, d.gbps() - f * flowGbps);
                AdmissionRequest r = new AdmissionRequest(d.source() + "#" + f, d.links(), d.serviceLevel(), peak);
                if (control.request(r, seen.of(i, asked[i]++, thisRound[i])).admitted()) {
                    admitted[i] += peak;
                    thisRound[i] += peak;
                    granted++;
                }
            }
        }
        return new Result(admitted, order.length, granted);
    }

    /** Runs the flows admitted so far for a measured scheme (see {@link #admitInRounds}). */
    public interface Meter<M> {
        /**
         * @param admittedGbps per demand, the rate admitted before this round
         * @param asking       per demand, the requests of this round
         */
        Round<M> measure(double[] admittedGbps, int[] asking);
    }

    /** What one round's run showed. */
    public interface Round<M> {
        /**
         * The measurement for demand {@code demand}'s {@code k}-th request of the round, {@code admittedThisRound}
         * Gbit/s having been admitted to that demand earlier in the round.
         */
        M of(int demand, int k, double admittedThisRound);
    }

    /** Every (demand, flow number) once, as {@code demand << 32 | flow}, shuffled. */
    private static long[] order(List<Demand> demands, double flowGbps, RandomGenerator random) {
        if (!(flowGbps > 0) || Double.isInfinite(flowGbps)) {
            throw new IllegalArgumentException("flowGbps must be a positive rate, got " + flowGbps);
        }
        int total = 0;
        int[] flows = new int[demands.size()];
        for (int i = 0; i < flows.length; i++) {
            long n = (long) Math.ceil(demands.get(i).gbps() / flowGbps - 1e-9);
            if (n > 1_000_000) {
                throw new IllegalArgumentException("demand of " + demands.get(i).source() + ": " + n + " flows of "
                        + flowGbps + " Gbit/s; at most 1,000,000 per host");
            }
            flows[i] = (int) n;
            total += flows[i];
        }
        long[] order = new long[total];
        for (int i = 0, k = 0; i < flows.length; i++) {
            for (int f = 0; f < flows[i]; f++) {
                order[k++] = (long) i << 32 | f;
            }
        }
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
