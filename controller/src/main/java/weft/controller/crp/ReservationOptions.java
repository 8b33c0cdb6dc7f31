package weft.controller.crp;

import java.util.Set;
import java.util.TreeSet;
import weft.model.crp.EgressPort;

/**
 * How the controller runs CRP ({@code weft controller run --reserve crp} and its {@code --crp-*} options).
 *
 * @param slotNanos      slot length {@code L} (default 100 µs)
 * @param cells          slots per table {@code V_cells} (default 32)
 * @param headroomPpm    capacity held back from every table, parts per million (default 3%): a table's cell holds
 *                       {@code rate·L·(1 − headroom)} bytes; negative overbooks
 * @param epsilonPpm     {@code ε}, parts per million (default 3%): every request is reserved this much larger, for the
 *                       framing the tables do not see (Ethernet header, preamble and gap: 38 bytes a 1500-byte packet)
 * @param rttNanos       the agent-controller round trip the slots must allow for (default 300 µs): grants start
 *                       {@code ceil(rtt / L)} slots ahead, and a "destination full" retry waits the window less it
 * @param minBytes       {@code N_min}, or 0 for a quarter of {@code N_max} (the paper's 4:16)
 * @param maxBytes       {@code N_max}, or 0 for one slot of the slowest critical resource
 * @param outstanding    reservations a VOQ keeps alive at once (default 2)
 * @param maxLivePerPair live bookings a source may hold towards one destination; more are refused (default 8)
 * @param retryNanos     the wait after "no common slot", plus a uniform jitter of as much again (default {@code L/8},
 *                       the paper's {@code R_cycles} ≈ 0.11·{@code C_max})
 * @param toleranceNanos clock error an agent may have and still send reserved data (default {@code L/10})
 * @param marked         link ends the operator marks critical
 * @param sntpPort       UDP port the controller answers SNTP on (told to agents), or null for none
 */
public record ReservationOptions(long slotNanos, int cells, long headroomPpm, long epsilonPpm, long rttNanos,
                                 long minBytes, long maxBytes, int outstanding, int maxLivePerPair, long retryNanos,
                                 long toleranceNanos, Set<EgressPort> marked, Integer sntpPort) {
    public ReservationOptions {
        if (slotNanos < 1_000 || slotNanos > 1_000_000_000L) {
            throw new IllegalArgumentException("crp: slot of " + slotNanos + " ns, expected 1 µs .. 1 s");
        }
        if (cells < 2 || cells > 64) {
            throw new IllegalArgumentException("crp: " + cells + " slots per table, expected 2..64");
        }
        if (headroomPpm <= -1_000_000 || headroomPpm >= 1_000_000 || epsilonPpm < 0 || epsilonPpm > 1_000_000) {
            throw new IllegalArgumentException("crp: headroom " + headroomPpm + " ppm, epsilon " + epsilonPpm
                    + " ppm: expected headroom in (-100%, 100%), epsilon in 0..100%");
        }
        if (rttNanos < 0 || rttNanos >= (cells - 1) * slotNanos) {
            throw new IllegalArgumentException("crp: round trip " + rttNanos + " ns, expected 0 .. less than "
                    + (cells - 1) + " slots of " + slotNanos + " ns (grants must fall inside the window)");
        }
        if (minBytes < 0 || maxBytes < 0 || maxBytes > 0 && minBytes > maxBytes) {
            throw new IllegalArgumentException("crp: N_min " + minBytes + ", N_max " + maxBytes + " bytes: expected "
                    + "0 (automatic) or 1 <= N_min <= N_max");
        }
        if (outstanding < 1 || outstanding > 64 || maxLivePerPair < outstanding) {
            throw new IllegalArgumentException("crp: " + outstanding + " outstanding, " + maxLivePerPair
                    + " live per pair: expected 1..64 outstanding and at least as many live");
        }
        if (retryNanos < 0 || toleranceNanos < 0 || 2 * toleranceNanos >= slotNanos) {
            throw new IllegalArgumentException("crp: retry " + retryNanos + " ns, tolerance " + toleranceNanos
                    + " ns: expected retry >= 0 and 0 <= 2 x tolerance < slot " + slotNanos);
        }
        if (sntpPort != null && (sntpPort < 1 || sntpPort > 65535)) {
            throw new IllegalArgumentException("crp: SNTP port " + sntpPort + " outside 1..65535");
        }
        marked = Set.copyOf(new TreeSet<>(marked));
    }

    /** The defaults for slots of {@code slotNanos}. */
    public static ReservationOptions defaults(long slotNanos) {
        return new ReservationOptions(slotNanos, 32, 30_000, 30_000, Math.min(300_000, 30 * slotNanos), 0, 0, 2, 8,
                slotNanos / 8, slotNanos / 10, Set.of(), null);
    }

    /** Slots between the current one and the first that may be granted: {@code ceil(rtt / L)}, at least 1. */
    public int leadSlots() {
        return (int) Math.max(1, (rttNanos + slotNanos - 1) / slotNanos);
    }

    /** The table window in nanoseconds. */
    public long windowNanos() {
        return cells * slotNanos;
    }
}
