package weft.model.sim.control;

/**
 * The InfiniBand-style ECN of seed 001's baseline (§3, Table 1, after Pfister et al., the paper's ref. [37]): a
 * switch marks a data packet that enters an input buffer (its virtual channel's) filled above {@code threshold} of
 * its capacity; the destination returns a congestion notification to the source in the control class; the source
 * adds {@code ipdIncreasePs} to that flow's inter-packet delay (a flow is a source-destination pair), and takes
 * {@code ipdDecreasePs} off it every {@code timerPs}.
 *
 * @param ipdIncreasePs {@code IPD+}: added per notification (9,600 ns)
 * @param ipdDecreasePs {@code IPD-}: taken off per timer period (100 ns)
 * @param timerPs       {@code T-}: the decrement period (4 µs)
 * @param threshold     {@code C_thres}: the marking threshold as a fraction of the input buffer (0.95)
 */
public record EcnParameters(long ipdIncreasePs, long ipdDecreasePs, long timerPs, double threshold) {
    public EcnParameters {
        if (ipdIncreasePs < 0 || ipdDecreasePs < 0 || timerPs < 1 || !(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("ecn: IPD+ " + ipdIncreasePs + " ps, IPD- " + ipdDecreasePs
                    + " ps, timer " + timerPs + " ps, threshold " + threshold + ": expected IPD+ and IPD- >= 0, a "
                    + "timer >= 1 ps and a threshold in (0, 1]");
        }
    }

    /** Seed 001 Table 1. */
    public static EcnParameters paper() {
        return new EcnParameters(9_600_000L, 100_000L, 4_000_000L, 0.95);
    }

    /**
     * The inter-packet delay at {@code now} of a flow whose delay was {@code ipdPs} at {@code sincePs}: one
     * decrement per full timer period since then, never below 0.
     */
    public long ipdAt(long ipdPs, long sincePs, long now) {
        if (ipdPs == 0 || ipdDecreasePs == 0) {
            return ipdPs;
        }
        long periods = (now - sincePs) / timerPs;
        return Math.max(0, ipdPs - Math.min(periods, ipdPs / ipdDecreasePs + 1) * ipdDecreasePs);
    }
}
