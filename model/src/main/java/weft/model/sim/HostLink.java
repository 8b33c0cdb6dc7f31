package weft.model.sim;

/**
 * A host's link as its {@link Nic} uses it: whether a packet could go now, and sending it. Valid during the call it
 * is passed to. Packets to a host follow the routes (its pair's layer and path); packets addressed to a switch
 * (a protocol's control packets for a resource there) are routed to that switch in the layer of the pair from this
 * host's switch.
 */
public interface HostLink {
    /** This host's index. */
    int host();

    /**
     * Whether a packet of {@code bytes} in class {@code cls} to host {@code dst} could be put on the link now: the
     * link is free and the next buffer has room for it in its lane.
     */
    boolean canSend(int dst, int cls, int bytes);

    /** Likewise for a packet addressed to switch {@code sw}. */
    boolean canSendToSwitch(int sw, int cls, int bytes);

    /**
     * Puts a packet to host {@code dst} on the link now; call only after {@link #canSend} said yes.
     *
     * @param flow      a tag observers see ({@link SimObserver#delivered}), -1 for none
     * @param payload   what it carries for the protocol, null for plain data
     * @param control   a control packet: not counted as data in the built-in statistics
     * @param createdPs when its data was created (latency from creation)
     */
    void send(int dst, int bytes, int cls, int flow, Object payload, boolean control, long createdPs);

    /** Puts a control packet addressed to switch {@code sw} on the link now (after {@link #canSendToSwitch}). */
    void sendToSwitch(int sw, int bytes, int cls, Object payload);

    /**
     * Reports data the host made (for the offered load of the built-in statistics and {@link SimObserver#generated});
     * {@code accepted} false when the host refused it (a full source queue).
     */
    void generated(int dst, int bytes, long createdPs, boolean accepted);
}
