package weft.model.routing;

/**
 * Buffer sizing for Xon/Xoff (802.3x pause) flow control on one port: what a switch must hold after it decides to
 * pause its neighbour, rounded up to whole frames; the pause trigger is that much, the port buffer twice that.
 * Layers are only deadlock-free on a lossless fabric, so every port carrying LASH layers needs this headroom per
 * priority (per-priority pause, seed 002 §3.3.2).
 *
 * <p>Source: seed 002 §3.1.1-3.1.2, Eq. 3.1-3.3 and Table 3.1. Eq. 3.1:
 * {@code F >= F_on + t_rt*b/L_f >= F_off + t_rt*b/L_f >= 2*t_rt*b/L_f}; with {@code F_on = F_off} and {@code t_rt*b} =
 * the Table 3.1 allotments rounded up to whole maximum frames, the buffer is twice the trigger. Decision: lives with
 * routing because the layers it protects are routing's.
 *
 * @param frameInTransitBits  frame already being sent when pause is decided
 * @param frameOnReceiveBits  frame already being sent when the pause frame is decoded
 * @param pauseFrameBits      the pause frame itself
 * @param pauseDecodeBits     decoding time of the pause frame, in bit times
 * @param propagationBits     cable propagation, in bit times
 * @param maxFrameBytes       largest frame, the rounding unit
 */
public record PauseHeadroom(long frameInTransitBits, long frameOnReceiveBits, long pauseFrameBits,
                            long pauseDecodeBits, long propagationBits, int maxFrameBytes) {
    /** Bit times per pause quantum (802.3x). */
    public static final int QUANTUM_BIT_TIMES = 512;
    /** Largest pause time in quanta (16-bit field). */
    public static final int MAX_QUANTA = 65_535;

    public PauseHeadroom {
        if (frameInTransitBits < 0 || frameOnReceiveBits < 0 || pauseFrameBits < 0 || pauseDecodeBits < 0
                || propagationBits < 0) {
            throw new IllegalArgumentException("pause headroom allotments must be >= 0 bits");
        }
        if (maxFrameBytes < 1) {
            throw new IllegalArgumentException("maxFrameBytes must be >= 1, got " + maxFrameBytes);
        }
    }

    /** Table 3.1: Gigabit Ethernet, 10 m UTP, 1522-byte frames. */
    public static PauseHeadroom gigabitEthernet() {
        return new PauseHeadroom(12_336, 12_176, 512, 1_024, 114, 1_522);
    }

    /** The allotments in bits. */
    public long totalBits() {
        return frameInTransitBits + frameOnReceiveBits + pauseFrameBits + pauseDecodeBits + propagationBits;
    }

    /** The allotments in bytes, unrounded. */
    public double rawBytes() {
        return totalBits() / 8.0;
    }

    /** Pause trigger {@code F_on = F_off}: the allotments rounded up to whole maximum frames. */
    public long triggerBytes() {
        long frames = (totalBits() + 8L * maxFrameBytes - 1) / (8L * maxFrameBytes);
        return frames * maxFrameBytes;
    }

    /** Per-port buffer {@code F} (Eq. 3.2): twice the trigger. */
    public long bufferBytes() {
        return 2 * triggerBytes();
    }

    /** Longest pause one frame can ask for, in nanoseconds, at the given line rate. */
    public static double maxPauseNanos(double gbps) {
        if (!(gbps > 0)) {
            throw new IllegalArgumentException("gbps must be > 0, got " + gbps);
        }
        return MAX_QUANTA * (double) QUANTUM_BIT_TIMES / gbps;
    }
}
