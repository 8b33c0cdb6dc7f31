package weft.model.sim;

/**
 * A packet as a {@link Protocol}'s hosts and switches see it: a view over the simulator's packet record, valid only
 * during the call it is passed to. Hosts are host indexes and switches switch indexes, in topology order.
 *
 * <p>What a switch's {@link SwitchAgent} may do with it besides reading: change its payload (a request that gathered
 * a resource's availability), mark it (ECN), send it on to another destination when it was addressed to the switch
 * ({@link #readdress}, {@link #readdressToSwitch}), or, when the switch drops it, turn it into a reply to its source
 * ({@link #reply}).
 */
public interface SimPacket {
    /** Host that sent it. */
    int src();

    /** Destination host, or -1 when the packet is addressed to a switch. */
    int dst();

    /** The switch it is heading for: its destination host's, or the switch it is addressed to. */
    int dstSwitch();

    /** Traffic class ({@link SimConfig#classPriorities()}). */
    int cls();

    /** Size on the wire. */
    int bytes();

    /** The flow or tag its sender gave it, -1 for none. */
    int flow();

    /** What it carries for the protocol, null for plain data. */
    Object payload();

    /** Replaces what it carries. */
    void payload(Object payload);

    /** Whether a switch congestion-marked it. */
    boolean marked();

    /** Congestion-marks it (explicit congestion notification). */
    void mark();

    /** Whether it is a protocol's control packet (not counted as data). */
    boolean control();

    /** When its data was created at the sender. */
    long createdPs();

    /** When the sender put it on its link. */
    long injectedPs();

    /**
     * Time it has spent waiting in switch buffers so far, from each switch's first chance to forward it to the
     * moment it left (or now, at the switch it is in).
     */
    long waitedPs();

    /**
     * A packet addressed to a switch ({@link SwitchAgent#addressed}) goes on to host {@code host}, from this switch,
     * keeping its class, layer and size.
     */
    void readdress(int host, Object payload);

    /** Likewise, on to switch {@code sw} (which must have hosts). */
    void readdressToSwitch(int sw, Object payload);

    /**
     * In {@link SwitchAgent#dropped} for an expired packet: instead of vanishing, the packet becomes a control
     * packet of {@code bytes} in class {@code cls} carrying {@code payload}, back to its source host from this
     * switch (seed 001 §2.5: a dropped speculative packet causes a NACK). It takes the layer of the reverse pair,
     * as a reply from its destination would; the bytes it no longer needs are freed at once.
     */
    void reply(int bytes, int cls, Object payload);
}
