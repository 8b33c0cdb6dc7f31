package weft.model.admission;

/**
 * Builds the Egress-Based scheme's envelopes ({@link EgressBased.Envelopes}) from what an egress node saw of one
 * class: for every packet, when its sender time-stamped it into the network and when it left at the egress.
 *
 * <p>Seed 002 §5.3.1: time is cut into slots of length {@code τ}; the measurement is repeated over {@code M}
 * intervals of {@code T} slots. In each interval the <b>arrival envelope</b> {@code R(t)} is the largest number of
 * packets time-stamped in any {@code t} consecutive slots, over {@code t} (the peak arrival rate over intervals of
 * {@code t} slots), and the <b>service envelope</b> {@code S(t)} is the inverse of "the time needed by the
 * infrastructure to service the k following packets" of a consecutive stream, one in which "the next packet in the
 * service class enters the infrastructure before the previous packet has departed the egress node": with
 * {@code F(k)} the longest such time over the interval's streams, {@code S(t)} is the most packets {@code k} with
 * {@code F(k) <= t}. The means and variances over the {@code M} intervals are {@code R̄}, {@code σ²}, {@code S̄},
 * {@code Ψ²}.
 *
 * <p>Decisions the thesis leaves open (it refers to Cetinkaya and Knightly for the details):
 * <ul>
 *   <li>A stream's service time counts from the first packet's time stamp to the k-th packet's departure, less the
 *   path's pipeline delay (the least transit time the egress saw): the delay bound D bounds the wait beyond the
 *   fabric's fixed latency, since the thesis's SL1 bound (100 cycles) lies below its own unloaded SL1 latency (180).
 *   </li>
 *   <li>{@code F} is made non-decreasing (a longer stream never takes less time), and beyond the longest stream of
 *   an interval the network is taken to serve at the link capacity {@code C}: an interval with no packets has
 *   {@code S(t) = C·t}.</li>
 *   <li>Packets count in the interval their time stamp falls in; the envelopes are scaled by {@code unit}, the rate
 *   of one packet per slot, so that they share the unit of the flows' peak rates.</li>
 * </ul>
 * Pure: times are {@code long}s passed in.
 */
public final class EnvelopeMeter {
    private final long fromPs;
    private final long slotPs;
    private final int slots;
    private final int intervals;
    private final double unit;

    /**
     * @param fromPs    start of the first interval
     * @param slotPs    slot length τ
     * @param slots     T, slots per interval
     * @param intervals M
     * @param unit      the rate of one packet per slot (e.g. the link's Gbit/s when τ is a packet time)
     */
    public EnvelopeMeter(long fromPs, long slotPs, int slots, int intervals, double unit) {
        if (slotPs <= 0 || slots < 1 || intervals < 1 || !(unit > 0)) {
            throw new IllegalArgumentException("envelope meter: need slot > 0 ps, T >= 1, M >= 1, unit > 0; got "
                    + slotPs + " ps, " + slots + ", " + intervals + ", " + unit);
        }
        this.fromPs = fromPs;
        this.slotPs = slotPs;
        this.slots = slots;
        this.intervals = intervals;
        this.unit = unit;
    }

    /** The end of the last interval. */
    public long toPs() {
        return fromPs + (long) intervals * slots * slotPs;
    }

    /**
     * The envelopes of one egress's class.
     *
     * @param stamped    when each packet was time-stamped into the network, increasing
     * @param departed   when each left at the egress
     * @param delaySlots D, the delay bound in slots
     * @param confidence α
     * @param capacity   C, in the unit of {@code unit}
     * @throws IllegalArgumentException when the arrays differ in length, a packet departs before it entered, or the
     *                                  stamps decrease
     */
    public EgressBased.Envelopes measure(long[] stamped, long[] departed, int delaySlots, double confidence,
                                         double capacity) {
        if (stamped.length != departed.length || delaySlots < 0) {
            throw new IllegalArgumentException("envelope meter: " + stamped.length + " time stamps and "
                    + departed.length + " departures, D = " + delaySlots);
        }
        long pipeline = Long.MAX_VALUE;
        for (int i = 0; i < stamped.length; i++) {
            if (departed[i] < stamped[i] || i > 0 && stamped[i] < stamped[i - 1]) {
                throw new IllegalArgumentException("envelope meter: packet " + i + " stamped at " + stamped[i]
                        + " ps, departed at " + departed[i] + " ps: stamps must increase and precede departures");
            }
            pipeline = Math.min(pipeline, departed[i] - stamped[i]);
        }
        int horizon = slots + delaySlots;
        double[][] r = new double[intervals][];
        double[][] s = new double[intervals][];
        int first = 0;
        for (int m = 0; m < intervals; m++) {
            long start = fromPs + (long) m * slots * slotPs;
            long end = start + (long) slots * slotPs;
            while (first < stamped.length && stamped[first] < start) {
                first++;
            }
            int last = first;
            while (last < stamped.length && stamped[last] < end) {
                last++;
            }
            r[m] = arrival(stamped, first, last, start);
            s[m] = service(stamped, departed, first, last, pipeline, horizon, capacity / unit);
            first = last;
        }
        return new EgressBased.Envelopes(scaled(mean(r, slots)), scaled(scaled(variance(r, slots))),
                scaled(mean(s, horizon)), scaled(scaled(variance(s, horizon))), delaySlots, confidence, capacity);
    }

    /** R(t) for t = 0..T of packets {@code first..last-1}: the most stamped in t consecutive slots, over t. */
    private double[] arrival(long[] stamped, int first, int last, long start) {
        int[] count = new int[slots];
        for (int i = first; i < last; i++) {
            count[(int) ((stamped[i] - start) / slotPs)]++;
        }
        double[] r = new double[slots + 1];
        for (int t = 1; t <= slots; t++) {
            int window = 0;
            for (int i = 0; i < t; i++) {
                window += count[i];
            }
            int most = window;
            for (int i = t; i < slots; i++) {
                window += count[i] - count[i - t];
                most = Math.max(most, window);
            }
            r[t] = (double) most / t;
        }
        return r;
    }

    /** S(t) for t = 0..horizon, in packets, of packets {@code first..last-1}; {@code perSlot} is C in packets. */
    private double[] service(long[] stamped, long[] departed, int first, int last, long pipeline, int horizon,
                             double perSlot) {
        int n = last - first;
        long[] most = new long[n + 1];
        // F(k): the longest time any k consecutive packets of one stream took, beyond the pipeline.
        int streamStart = first;
        for (int i = first; i < last; i++) {
            if (i > first && stamped[i] >= departed[i - 1]) {
                streamStart = i;
            }
            for (int j = streamStart; j <= i; j++) {
                int k = i - j + 1;
                most[k] = Math.max(most[k], departed[i] - stamped[j] - pipeline);
            }
        }
        int longest = longestStream(stamped, departed, first, last);
        for (int k = 2; k <= longest; k++) {
            most[k] = Math.max(most[k], most[k - 1]);
        }
        double[] s = new double[horizon + 1];
        for (int t = 0; t <= horizon; t++) {
            long budget = (long) t * slotPs;
            int k = 0;
            while (k < longest && most[k + 1] <= budget) {
                k++;
            }
            s[t] = k == longest ? longest + (double) (budget - most[longest]) / slotPs * perSlot : k;
        }
        return s;
    }

    /** Packets in the longest consecutive stream of {@code first..last-1}. */
    private static int longestStream(long[] stamped, long[] departed, int first, int last) {
        int best = 0;
        int run = 0;
        for (int i = first; i < last; i++) {
            run = i > first && stamped[i] < departed[i - 1] ? run + 1 : 1;
            best = Math.max(best, run);
        }
        return best;
    }

    private double[] scaled(double[] v) {
        double[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= unit;
        }
        return out;
    }

    private static double[] mean(double[][] samples, int length) {
        double[] out = new double[length + 1];
        for (double[] s : samples) {
            for (int t = 0; t <= length; t++) {
                out[t] += s[t] / samples.length;
            }
        }
        return out;
    }

    private static double[] variance(double[][] samples, int length) {
        double[] mean = mean(samples, length);
        double[] out = new double[length + 1];
        if (samples.length < 2) {
            return out;
        }
        for (double[] s : samples) {
            for (int t = 0; t <= length; t++) {
                out[t] += (s[t] - mean[t]) * (s[t] - mean[t]) / (samples.length - 1);
            }
        }
        return out;
    }
}
