package weft.model.sim.control;

import weft.model.sim.SimPacket;

/**
 * A host under seed 001's ECN baseline (§3, Table 1; {@link EcnParameters}): a marked data packet that arrives makes
 * it send the source a congestion notification (one control flit in the control class); a notification that
 * arrives adds {@code IPD+} to the inter-packet delay of the flow to its sender, which decays by {@code IPD-} per
 * timer period; a flow sends its next packet no earlier than its inter-packet delay after the end of its last
 * one. State is per flow (source-destination pair), as the paper's §4.1 discussion of short flows says.
 */
final class EcnNic extends PlainNic {
    /** The congestion notification a destination returns (no fields: the packet's source says which flow). */
    static final Object NOTIFICATION = new Object() {
        @Override
        public String toString() {
            return "BECN";
        }
    };

    private final EcnParameters params;
    private final long[] ipd;
    private final long[] ipdSince;
    private final long[] nextAllowed;

    EcnNic(int host, ControlSetup setup, ControlStats stats, MessageTraffic.HostPlan plan, long seed,
           EcnParameters params) {
        super(host, setup, stats, plan, seed, EcnScheme.DATA);
        this.params = params;
        int n = setup.net().hosts();
        ipd = new long[n];
        ipdSince = new long[n];
        nextAllowed = new long[n];
    }

    @Override
    boolean allowed(int dst, long now) {
        return nextAllowed[dst] <= now;
    }

    @Override
    void onSent(int dst, int bytes, long now) {
        long delay = params.ipdAt(ipd[dst], ipdSince[dst], now);
        nextAllowed[dst] = now + setup.net().serializationPs(setup.net().hostUpChannel(host), bytes) + delay;
    }

    @Override
    long readyAt(int dst, long now) {
        return backlogPackets(dst) > 0 ? Math.max(now, nextAllowed[dst]) : Long.MAX_VALUE;
    }

    @Override
    void onData(SimPacket p, long now) {
        if (p.marked()) {
            control(p.src(), EcnScheme.CONTROL, NOTIFICATION, now);
        }
    }

    @Override
    void onControl(SimPacket p, long now) {
        if (p.payload() != NOTIFICATION) {
            throw new IllegalStateException("host " + host + ": unexpected control packet " + p.payload());
        }
        int flow = p.src();
        ipd[flow] = params.ipdAt(ipd[flow], ipdSince[flow], now) + params.ipdIncreasePs();
        ipdSince[flow] = now;
        stats.notification(now);
    }

    /** The flow's inter-packet delay now (tests). */
    long ipd(int dst, long now) {
        return params.ipdAt(ipd[dst], ipdSince[dst], now);
    }
}
