package weft.model.sim;

/**
 * Host h's link as its {@link Nic} uses it under a {@link Protocol}: each packet takes its pair's first path (or, when
 * the protocol spreads its packets, the path the host's path policy picks, {@link PathChoice}), in the lane of its
 * traffic class, when the link is free and flow control has room for it.
 */
final class NicLink implements HostLink {
    private final Hosts hosts;
    private final Engine engine;
    private final Fabric fabric;
    private final Flits flits;
    private final SimConfig config;
    private final int host;
    private final Nic nic;
    /** Packets to hosts take the host's path policy ({@link Protocol#spreadsPaths}). */
    private final boolean spread;
    private long now;
    private boolean sent;
    /** Time of the wake-up event pending for the NIC, {@link Long#MAX_VALUE} when none. */
    private long wakeAt = Long.MAX_VALUE;

    NicLink(Hosts hosts, Engine engine, int host, Nic nic, boolean spread) {
        this.hosts = hosts;
        this.engine = engine;
        this.fabric = engine.fabric;
        this.flits = engine.flits;
        this.config = engine.config;
        this.host = host;
        this.nic = nic;
        this.spread = spread;
    }

    /** The host's link is free: the NIC may send one packet now, or says when to ask again. */
    void decide(long now) {
        this.now = now;
        sent = false;
        nic.inject(this, now);
        if (!sent) {
            long wake = nic.wakePs(now);
            if (wake != Long.MAX_VALUE && wake > now && (wake < wakeAt || wakeAt <= now)) {
                wakeAt = wake;
                engine.decideAt(fabric.switches + fabric.hostUp[host], wake);
            }
        }
    }

    /** The tail of packet f reached this host: shown to the NIC, then delivered (control packets only freed). */
    void deliver(int f, long now) {
        nic.received(engine.view.at(f, -1), now);
        if ((flits.flags(f) & Flits.CONTROL) != 0) {
            flits.release(f);
        } else {
            hosts.receivers.release(f, now);
        }
        hosts.ready(host, now);
    }

    @Override
    public int host() {
        return host;
    }

    @Override
    public boolean canSend(int dst, int cls, int bytes) {
        checkHost(dst);
        return free() && vc(fabric.hostSwitch[dst], cls, bytes) >= 0;
    }

    @Override
    public boolean canSendToSwitch(int sw, int cls, int bytes) {
        checkSwitch(sw);
        return free() && vc(sw, cls, bytes) >= 0;
    }

    @Override
    public void send(int dst, int bytes, int cls, int flow, Object payload, boolean control, long createdPs) {
        checkHost(dst);
        put(dst, fabric.hostSwitch[dst], bytes, cls, flow, payload, control, createdPs);
    }

    @Override
    public void sendToSwitch(int sw, int bytes, int cls, Object payload) {
        checkSwitch(sw);
        put(-1, sw, bytes, cls, -1, payload, true, now);
    }

    @Override
    public void generated(int dst, int bytes, long createdPs, boolean accepted) {
        engine.stats.onGenerate(host, dst, bytes, createdPs, accepted);
    }

    private boolean free() {
        return engine.busyUntil[fabric.hostUp[host]] <= now && !hosts.sending(host);
    }

    /** The layer of the first path from this host's switch to switch d (0 to itself). */
    private int layer(int d) {
        int s = fabric.hostSwitch[host];
        return s == d ? 0 : fabric.pairLayer(s, d, 0);
    }

    private int vc(int d, int cls, int bytes) {
        if (cls < 0 || cls >= fabric.classes || bytes < 1 || bytes > SimConfig.MAX_PACKET_BYTES) {
            throw new IllegalArgumentException("host " + fabric.nodeName(fabric.switches + host) + ": packet of "
                    + bytes + " B in class " + cls + "; expected 1.." + SimConfig.MAX_PACKET_BYTES
                    + " B and a class below " + fabric.classes);
        }
        long need = engine.flitMode && config.switching() == SimConfig.Switching.VCT
                ? (long) config.flitsOf(bytes) * config.flitBytes() : engine.flitMode ? config.flitBytes() : bytes;
        return engine.pickVc(fabric.hostUp[host], fabric.lane(cls, layer(d)), need, engine.flitMode);
    }

    private void put(int dst, int d, int bytes, int cls, int flow, Object payload, boolean control,
                     long createdPs) {
        if (sent) {
            throw new IllegalStateException("host " + host + ": one packet per inject call");
        }
        int vc = free() ? vc(d, cls, bytes) : -1;
        if (vc < 0) {
            throw new IllegalStateException("host " + host + ": send without room (ask canSend first)");
        }
        Flits p = flits;
        int f = p.allocate();
        p.src(f, host);
        p.dst(f, dst);
        p.dstSwitch(f, d);
        int s = fabric.hostSwitch[host];
        p.layer(f, layer(d));
        p.tag(f, s == d ? 0 : fabric.pairTag(s, d, 0));
        p.cls(f, cls);
        p.payload(f, payload);
        p.flow(f, flow);
        p.bytes(f, bytes);
        p.packetBytes(f, bytes);
        if (spread && dst >= 0) {
            hosts.paths.choose(f);
        }
        boolean measured = !control && engine.stats.measuring(createdPs);
        p.flags(f, Flits.HEAD | Flits.TAIL | (measured ? Flits.MEASURED : 0) | (control ? Flits.CONTROL : 0));
        p.created(f, createdPs);
        p.pending(f, config.flitsOf(bytes));
        if (!control) {
            engine.stats.onMade(f);
        }
        sent = true;
        hosts.inject(host, fabric.hostUp[host], f, vc, now);
    }

    private void checkHost(int dst) {
        if (dst < 0 || dst >= fabric.hosts || dst == host) {
            throw new IllegalArgumentException("host " + host + ": destination host " + dst + " (of "
                    + fabric.hosts + ", not itself)");
        }
    }

    private void checkSwitch(int sw) {
        if (sw < 0 || sw >= fabric.switches || fabric.hostSwitchOrdinal(sw) < 0) {
            throw new IllegalArgumentException("host " + host + ": packets may be addressed to switches with hosts;"
                    + " switch " + sw + " is not one");
        }
    }
}
