package weft.model.host.reseq;

/**
 * How wide the hybrid resequencer's sequence number and sender timestamp must be (seed 004 §3.4.3, "Packet overhead"
 * and "Clock resolution"): a resequencer holds a sender's packets for at most the age threshold, so the sequence
 * number only has to tell apart the packets one link can carry in that time, and the timestamp only has to span the
 * threshold in clock ticks. The thesis's example: 10 Gbit/s, a 1 ms threshold and a 10 ns clock need 14 and 17 bits.
 *
 * @param linkGbps        the sender's link rate, Gbit/s
 * @param ageThresholdNs  the longest a packet waits in the resequencer, ns
 * @param minFrameBytes   the smallest frame on the wire (84 B: 64 B plus preamble and inter-frame gap)
 * @param clockNs         the timestamp's resolution, ns
 */
public record HeaderBudget(double linkGbps, double ageThresholdNs, int minFrameBytes, double clockNs) {
    public HeaderBudget {
        if (!(linkGbps > 0) || !(ageThresholdNs > 0) || minFrameBytes <= 0 || !(clockNs > 0)
                || Double.isInfinite(linkGbps) || Double.isInfinite(ageThresholdNs) || Double.isInfinite(clockNs)) {
            throw new IllegalArgumentException("header budget: link rate, age threshold, minimum frame and clock must "
                    + "be positive and finite, got " + linkGbps + " Gbit/s, " + ageThresholdNs + " ns, "
                    + minFrameBytes + " B, " + clockNs + " ns");
        }
    }

    /** The time one minimum frame takes on the link, ns: a clock this fine or finer tells consecutive packets apart. */
    public double packetTimeNs() {
        return minFrameBytes * 8 / linkGbps;
    }

    /** The most packets the link carries within one age threshold: all minimum frames, back to back. */
    public long packetsPerThreshold() {
        return (long) Math.ceil(ageThresholdNs / packetTimeNs() - 1e-9);
    }

    /** Bits of sequence number that number every packet within one age threshold apart. */
    public int sequenceBits() {
        return bitsFor(packetsPerThreshold());
    }

    /** Clock ticks in one age threshold. */
    public long ticksPerThreshold() {
        return (long) Math.ceil(ageThresholdNs / clockNs - 1e-9);
    }

    /** Bits of timestamp that span one age threshold at the clock's resolution. */
    public int timestampBits() {
        return bitsFor(ticksPerThreshold());
    }

    /** The least b with 2^b >= n (n >= 1). */
    static int bitsFor(long n) {
        return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    }
}
