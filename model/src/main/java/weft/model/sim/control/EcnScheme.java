package weft.model.sim.control;

import java.util.List;

import weft.model.sim.SimPacket;
import weft.model.sim.SwitchAgent;

/**
 * Seed 001's ECN baseline on the simulator (§3; {@link EcnParameters}, {@link EcnNic}): one control class of the
 * highest priority for congestion notifications beside the data class, and switches that mark a data packet, as
 * InfiniBand's congestion control does, at the root of congestion: when the virtual output queue it joins (the
 * bytes of its input buffer bound for its output, as in the paper's VOQ routers) holds more than the threshold of
 * the input buffer with it, and that output's link is not itself held back by flow control (a victim of congestion
 * further on).
 *
 * <p>Decision: the paper says routers "detect congestion when input buffer occupancy > C_thres" (Table 1: 95% of the
 * input buffer) and cites InfiniBand-style ECN (its refs. [25, 37, 39]). Counting the whole input buffer, or marking
 * at victim ports, marks the benign packets that merely share a buffer or a link with a congested flow; with the
 * Table 1 delays one mark throttles a short flow's source-destination pair for hundreds of microseconds, and in
 * Weft's runs the combined pattern's foreground then lost most of its throughput, which the paper's ECN does not
 * (it "can accept all offered foreground traffic"). InfiniBand marks only at root ports; so does this. Counting a
 * switch's whole output queue instead of the input's VOQ marks benign 95% uniform traffic, whose bursts from many
 * inputs briefly queue 16 packets for one destination.
 */
final class EcnScheme {
    static final int CONTROL = 0;
    static final int DATA = 1;
    /** Class priorities: notifications first. */
    static final List<Integer> PRIORITIES = List.of(0, 1);

    private EcnScheme() {
    }

    /**
     * Switches that mark data packets joining a virtual output queue above {@code threshold} of the input buffer,
     * where the output is not held back by flow control.
     */
    static SwitchAgent switches(EcnParameters params, ControlStats stats) {
        return new SwitchAgent() {
            @Override
            public void buffered(SimPacket p, int channel, long occupancy, long capacity, long ahead,
                                 boolean outputHeld, long nowPs) {
                if (!p.control() && !outputHeld && ahead + p.bytes() > params.threshold() * capacity) {
                    p.mark();
                }
            }

            @Override
            public void dropped(SimPacket p, int sw, boolean expired, long nowPs) {
                stats.dropped(p.control(), false, false, nowPs);
            }

            @Override
            public boolean watchesBuffers() {
                return true;
            }
        };
    }
}
