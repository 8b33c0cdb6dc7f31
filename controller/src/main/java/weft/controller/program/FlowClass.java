package weft.controller.program;

/**
 * Weft's table layout, declared once: every entry Weft installs belongs to one class, which fixes its priority band
 * and the low bits of its cookie. Everything lives in {@link #TABLE} (table 0); priorities order the classes.
 *
 * <p>Cookie: the high 32 bits are {@link #COOKIE_BASE} ("WEFT"), so Weft recognises its own entries on
 * reconnect and leaves foreign ones alone; the low bits are the class ordinal.
 *
 * <p>Classes are appended, never reordered: the ordinal is in the cookie of entries already on switches.
 *
 * <p>Within {@link #FORWARD} and {@link #INGRESS}, an entry restricted to an input port gets
 * {@link #IN_PORT_BONUS} and one restricted to a path tag gets {@link #PATH_BONUS}, so that the more specific
 * entry wins over the default one for the same destination.
 */
public enum FlowClass {
    /** LLDP frames (discovery) go to the controller. */
    LLDP(65000, true),
    /** Deliver to a host on this switch; pops the layer tag if the packet carries one. */
    LOCAL(40000, false),
    /** Untagged host traffic at its first switch: push the pair's layer as PCP (LASH), then forward. */
    INGRESS(20000, true),
    /** Transit and, without layers, host traffic: forward by destination (and PCP, in_port, path tag). */
    FORWARD(20000, false),
    /** Anything else goes to the controller (host discovery by first packets); installed only on request. */
    TABLE_MISS(0, true),
    /**
     * IPv4 of one rated (source host, destination host) pair at the source's switch: matches the source's port
     * and address on top of the entry the pair would otherwise hit, passes the pair's meter, then does what that
     * entry does. Above {@link #LOCAL}, so a pair on one switch is metered too; below {@link #LLDP}.
     */
    RATED(50000, true),
    /**
     * Everything from a host port where no host is known goes to the controller, above delivery and routes, so a
     * new or moved host is learned by its first packet (discover mode); installed only on request.
     */
    LEARN(50000, true);

    /** The one table every class lives in. */
    public static final int TABLE = 0;
    /** "WEFT" in the cookie's high 32 bits. */
    public static final long COOKIE_BASE = 0x5745465400000000L;
    /** Mask selecting the cookie's high 32 bits. */
    public static final long COOKIE_MASK = 0xffffffff00000000L;
    /** Added to the priority of entries restricted to an input port (Segment-based routing). */
    public static final int IN_PORT_BONUS = 2000;
    /** Added to the priority of entries restricted to a path tag (VLB, MP-LASH). */
    public static final int PATH_BONUS = 1000;

    private final int basePriority;
    private final boolean lastInUpdate;

    FlowClass(int basePriority, boolean lastInUpdate) {
        this.basePriority = basePriority;
        this.lastInUpdate = lastInUpdate;
    }

    public int basePriority() {
        return basePriority;
    }

    /**
     * True for entries that admit new traffic into the fabric (ingress) or to the controller: an update installs
     * them only after every other switch has confirmed its new entries.
     */
    public boolean lastInUpdate() {
        return lastInUpdate;
    }

    /** The cookie of entries of this class. */
    public long cookie() {
        return COOKIE_BASE | ordinal();
    }

    /** True when a cookie marks an entry Weft installed. */
    public static boolean isWeft(long cookie) {
        return (cookie & COOKIE_MASK) == COOKIE_BASE;
    }

    /** The class encoded in a Weft cookie. */
    public static FlowClass ofCookie(long cookie) {
        int ordinal = (int) (cookie & ~COOKIE_MASK);
        if (!isWeft(cookie) || ordinal >= values().length) {
            throw new IllegalArgumentException(String.format("cookie 0x%016x is not a Weft cookie", cookie));
        }
        return values()[ordinal];
    }
}
