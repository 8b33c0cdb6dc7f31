package weft.model.routing;

import java.util.List;

/**
 * One forwarding decision at one switch: packets for destination switch {@code dst} in {@code layer} (and
 * arriving on {@code inPort}, and carrying path tag {@code path}, where those are set) leave through
 * {@code outPorts}. Several out ports form an ECMP group. Hosts inherit the entries of their switch.
 *
 * @param switchId the switch holding the entry
 * @param dst      destination switch id
 * @param layer    layer (virtual channel) the entry applies to
 * @param inPort   input port the entry is restricted to (Segment-based routing), or null for any
 * @param path     path tag the entry is restricted to (VLB, host-chosen paths), or null for any
 * @param outPorts one port, or several for a port group
 */
public record ForwardingEntry(String switchId, String dst, int layer, Integer inPort, Integer path,
                             List<Integer> outPorts) {
    public ForwardingEntry {
        outPorts = List.copyOf(outPorts);
        if (outPorts.isEmpty()) {
            throw new IllegalArgumentException("forwarding entry at " + switchId + " for " + dst + ": no out port");
        }
    }

    /** A plain destination entry: any input port, no path tag, one out port. */
    public static ForwardingEntry of(String switchId, String dst, int layer, int outPort) {
        return new ForwardingEntry(switchId, dst, layer, null, null, List.of(outPort));
    }
}
