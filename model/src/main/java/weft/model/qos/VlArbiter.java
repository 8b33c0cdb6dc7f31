package weft.model.qos;

import java.util.List;

/**
 * The VL arbiter of one output port, as a state machine the simulator calls once per packet: given which VLs have
 * a packet ready to leave (and credits for it) and the sizes of those packets, it says which VL sends next and
 * charges that VL's turn. It allocates nothing per call.
 *
 * <p>Seed 002 §4.2.1, the arbitration hierarchy:
 * <ol>
 *   <li>Level 1: the management lane VL15 preempts everything.</li>
 *   <li>Level 2: high-priority entries preempt low-priority ones; once the limit of high priority is reached, a
 *       waiting low-priority packet goes first, and sending it resets the count.</li>
 *   <li>Level 3: within one priority, weighted round robin over the table's entries. The active entry's VL keeps
 *       sending while its weight counter is above zero; each packet takes its size in 64-byte blocks (rounded up)
 *       off the counter, and may take it below zero. When the counter reaches zero, or the active VL has nothing
 *       ready, the next entry (in table order, wrapping) whose VL is ready becomes active with its counter reset to
 *       its weight. Entries of weight 0 are skipped.</li>
 * </ol>
 * Decision: each priority keeps its own active entry and counter, so a low-priority turn preempted by high-priority
 * traffic resumes where it stopped; a packet may overrun the counter (it is never split or deferred), as the thesis
 * describes ("rescheduled as long as its weight is larger than zero").
 *
 * <p>Not thread-safe: one arbiter per output port, owned by the simulator's event loop.
 */
public final class VlArbiter {
    /** Returned by {@link #select} when no VL may send. */
    public static final int NONE = -1;

    private final Group high;
    private final Group low;
    private final HighPriorityLimit limit;
    /** High-priority packets (packet limit) or bytes (InfiniBand limit) since the last low-priority packet. */
    private long highSent;

    /** An arbiter at the start of a high and a low turn, with no high-priority traffic counted. */
    public VlArbiter(VlArbitrationTable table) {
        this.high = new Group(table.high());
        this.low = new Group(table.low());
        this.limit = table.limit();
    }

    /**
     * Chooses the VL whose head packet leaves now and charges it.
     *
     * @param ready       bit {@code v} set when VL v has a packet that may leave now (bit 15: management)
     * @param packetBytes {@code packetBytes[v]}: size of VL v's head packet in bytes, read for ready VLs only
     * @return the VL, or {@link #NONE} when no ready VL has a weighted entry
     * @throws IllegalArgumentException when a chosen packet's size is not positive
     */
    public int select(int ready, int[] packetBytes) {
        if ((ready & (1 << SlToVlTable.MANAGEMENT_VL)) != 0) {
            return SlToVlTable.MANAGEMENT_VL;
        }
        boolean lowWaiting = low.anyReady(ready);
        if (!lowWaiting || limit.mayStart(highSent)) {
            int vl = high.next(ready, packetBytes);
            if (vl != NONE) {
                highSent += limit.packets() ? 1 : packetBytes[vl];
                return vl;
            }
        }
        int vl = low.next(ready, packetBytes);
        if (vl != NONE) {
            highSent = 0;
            return vl;
        }
        return NONE;
    }

    /** Weighted round robin over one priority's entries. */
    private static final class Group {
        private final int[] vl;
        private final int[] weight;
        private int active;
        /** Blocks the active entry may still send; <= 0 means its turn is over. */
        private long counter;

        Group(List<VlArbitrationTable.Entry> entries) {
            vl = new int[entries.size()];
            weight = new int[entries.size()];
            for (int i = 0; i < vl.length; i++) {
                vl[i] = entries.get(i).vl();
                weight[i] = entries.get(i).weight();
            }
            active = vl.length - 1;
        }

        boolean anyReady(int ready) {
            for (int i = 0; i < vl.length; i++) {
                if (weight[i] > 0 && (ready & (1 << vl[i])) != 0) {
                    return true;
                }
            }
            return false;
        }

        int next(int ready, int[] packetBytes) {
            int n = vl.length;
            if (n == 0) {
                return NONE;
            }
            if (counter <= 0 || (ready & (1 << vl[active])) == 0) {
                int found = -1;
                for (int k = 1; k <= n && found < 0; k++) {
                    int i = (active + k) % n;
                    if (weight[i] > 0 && (ready & (1 << vl[i])) != 0) {
                        found = i;
                    }
                }
                if (found < 0) {
                    return NONE;
                }
                active = found;
                counter = weight[found];
            }
            int v = vl[active];
            int bytes = packetBytes[v];
            if (bytes <= 0) {
                throw new IllegalArgumentException("VL arbiter: VL" + v + " is ready with a packet of " + bytes
                        + " bytes, expected > 0");
            }
            counter -= (bytes + VlArbitrationTable.BLOCK_BYTES - 1) / VlArbitrationTable.BLOCK_BYTES;
            return v;
        }
    }
}
