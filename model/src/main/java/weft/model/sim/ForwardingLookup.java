package weft.model.sim;

/**
 * The forwarding decision a switch applies to a packet, read from the routing result the way a switch reads its
 * table: (switch, destination switch, layer, input port, path tag) to an entry, whose output channels form an ECMP
 * group when there are several.
 */
interface ForwardingLookup {
    /** {@link #lookup} result when no entry applies (a black hole). */
    int NONE = -1;

    /**
     * The entry switch {@code u} applies to a packet bound for switch {@code d}, or {@link #NONE}.
     *
     * @param inPort arrival port number at {@code u}
     * @param tag    path tag (0 when the host set none)
     */
    int lookup(int u, int d, int layer, int inPort, int tag);

    /** Output channels of entry {@code e}. */
    int outCount(int e);

    /** The {@code k}-th output channel of entry {@code e}. */
    int outChannel(int e, int k);
}
