package weft.model.sim;

import java.util.List;

/**
 * A deadlock the simulator found: a cycle of full input buffers, each holding a flit that waits for room in the next
 * (the last waits for the first), none of which has sent anything for the detection time.
 *
 * @param timePs   simulated time of detection
 * @param buffers  the buffers as {@code switch:port:vc} (the port the buffer's link arrives on)
 * @param channels the links feeding those buffers, as {@code s1:2->s2:3}, in the same order (the channels of the
 *                 deadlock verifier's dependency cycles)
 */
public record DeadlockReport(long timePs, List<String> buffers, List<String> channels) {
    public DeadlockReport {
        buffers = List.copyOf(buffers);
        channels = List.copyOf(channels);
    }

    /** The cycle on one line: {@code s1:3:0 -> s2:3:0 -> ... -> s1:3:0}. */
    public String cycle() {
        return String.join(" -> ", buffers) + (buffers.isEmpty() ? "" : " -> " + buffers.get(0));
    }
}
