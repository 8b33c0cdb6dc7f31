package weft.model.sim.control;

import weft.model.sim.SimNetwork;

/**
 * What every host and switch of a controlled run shares: the network, the traffic, and the units seed 001 counts
 * in. A flit is {@code flitBytes} (8 B in the paper), a cycle the time of one flit on a host link (1 ns at 8 B per
 * ns); data packets are {@code packetBytes} (256 B = 32 flits), control packets one flit.
 *
 * @param net               the network
 * @param traffic           the hosts' messages
 * @param flitBytes         one flit
 * @param packetBytes       one data packet, a whole number of flits
 * @param cyclePs           one cycle
 * @param queueLimitPackets packets a host's queue to one destination may hold before it refuses new messages to it
 */
record ControlSetup(SimNetwork net, MessageTraffic traffic, int flitBytes, int packetBytes, long cyclePs,
                    int queueLimitPackets) {
    ControlSetup {
        if (flitBytes < 1 || packetBytes < flitBytes || packetBytes % flitBytes != 0 || cyclePs < 1) {
            throw new IllegalArgumentException("control: packets of " + packetBytes + " B must be a whole number of "
                    + flitBytes + " B flits");
        }
    }

    /** Flits per data packet. */
    int packetFlits() {
        return packetBytes / flitBytes;
    }

    /** Size of a control packet: one flit. */
    int controlBytes() {
        return flitBytes;
    }
}
