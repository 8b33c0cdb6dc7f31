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
        // Request order: every (demand, flow number) once, shuffled.
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
        return new Result(admitted, total, granted);
    }
}
