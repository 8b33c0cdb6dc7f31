package weft.model.sim;

/**
 * The view of a packet record handed to a {@link Protocol}'s NICs and switch agents: one instance per run, pointed at
 * a record with {@link #at}; its mutators apply to the record at once, and re-addressing or replying is allowed only
 * where the engine asks for it (a packet addressed to a switch, a packet dropped for waiting too long).
 */
final class PacketView implements SimPacket {
    private final Engine engine;
    private final Flits flits;
    private final Fabric fabric;
    private int f;
    private int sw;
    boolean readdressed;
    boolean allowReply;
    boolean replied;
    int replyBytes;
    int replyCls;
    Object replyPayload;

    PacketView(Engine engine) {
        this.engine = engine;
        this.flits = engine.flits;
        this.fabric = engine.fabric;
    }

    /** Points the view at record f at switch sw (-1 at a host). */
    PacketView at(int f, int sw) {
        this.f = f;
        this.sw = sw;
        readdressed = false;
        replied = false;
        return this;
    }

    @Override
    public int src() {
        return flits.src(f);
    }

    @Override
    public int dst() {
        return flits.dst(f);
    }

    @Override
    public int dstSwitch() {
        return flits.dstSwitch(f);
    }

    @Override
    public int cls() {
        return flits.cls(f);
    }

    @Override
    public int bytes() {
        return flits.packetBytes(f);
    }

    @Override
    public int flow() {
        return flits.flow(f);
    }

    @Override
    public Object payload() {
        return flits.payload(f);
    }

    @Override
    public void payload(Object payload) {
        flits.payload(f, payload);
    }

    @Override
    public boolean marked() {
        return (flits.flags(f) & Flits.MARKED) != 0;
    }

    @Override
    public void mark() {
        flits.flags(f, flits.flags(f) | (Flits.MARKED));
    }

    @Override
    public boolean control() {
        return (flits.flags(f) & Flits.CONTROL) != 0;
    }

    @Override
    public long createdPs() {
        return flits.created(f);
    }

    @Override
    public long injectedPs() {
        return flits.injected(f);
    }

    @Override
    public long waitedPs() {
        return flits.waited(f) + (sw >= 0 && flits.buffer(f) >= 0 ? Math.max(0, engine.now - flits.eligible(f)) : 0);
    }

    @Override
    public void readdress(int host, Object payload) {
        if (host < 0 || host >= fabric.hosts) {
            throw new IllegalArgumentException("protocol re-addressed a packet to host " + host + " of "
                    + fabric.hosts);
        }
        onward(host, fabric.hostSwitch[host], payload);
    }

    @Override
    public void readdressToSwitch(int to, Object payload) {
        if (to < 0 || to >= fabric.switches || fabric.hostSwitchOrdinal(to) < 0) {
            throw new IllegalArgumentException("protocol re-addressed a packet to switch " + to
                    + ", which is not a switch with hosts");
        }
        onward(-1, to, payload);
    }

    private void onward(int host, int to, Object payload) {
        if (sw < 0 || flits.dst(f) >= 0) {
            throw new IllegalStateException("only a packet addressed to a switch can be re-addressed, there");
        }
        flits.dst(f, host);
        flits.dstSwitch(f, to);
        flits.payload(f, payload);
        readdressed = true;
    }

    @Override
    public void reply(int bytes, int cls, Object payload) {
        if (!allowReply) {
            throw new IllegalStateException("a packet can be turned into a reply only when a switch drops it for "
                    + "waiting too long");
        }
        if (bytes < 1 || bytes > flits.bytes(f) || cls < 0 || cls >= fabric.classes) {
            throw new IllegalArgumentException("reply of " + bytes + " B in class " + cls + ": expected 1.."
                    + flits.bytes(f) + " B (at most the packet it replaces) and a class below " + fabric.classes);
        }
        replied = true;
        replyBytes = bytes;
        replyCls = cls;
        replyPayload = payload;
    }
}
