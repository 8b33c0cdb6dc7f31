package weft.model.sim;

import weft.model.routing.ForwardingTable;
import weft.model.sim.engine.EventQueue;

/**
 * The simulated network's shared state and its common path: routing a packet at a switch, choosing the virtual
 * channel on the next link, putting a flit on a link (serialisation, latency, cut-through), the arrival of a flit in
 * a buffer, the release of buffer space and the flow-control messages that follow. Switch models, hosts, traffic
 * sources and the deadlock detector act through it; none of them touches another's state.
 *
 * <p>Timing of one hop: a flit put on channel c at time t occupies the link for its serialisation time s; its head
 * reaches the far end at {@code t + latency}, its tail at {@code t + s + latency}. Under cut-through a switch sees the
 * packet once its head has arrived, and its next transmission cannot end before the tail has arrived (a faster output
 * waits for the bytes); under store-and-forward and for flits once its tail has arrived. The router delay then runs
 * in the switch model: an input-queued switch counts it from the arrival (for a head flit, also from the moment it
 * reaches the front of its buffer; body flits follow their head at once); an output-queued switch queues the packet
 * at its output a router delay after its arrival. A host receives a packet when its tail arrives.
 *
 * <p>A {@link Protocol}'s switches ({@link SwitchAgent}) act here too: on packets routed onto the channels they
 * watch, on packets addressed to a switch (sent on elsewhere or consumed), on every packet entering an input buffer
 * (congestion marking), and on packets that waited longer than their class may (dropped, or turned into a reply to
 * their source); {@link #expired} and {@link #expire} serve the switch models for the last.
 *
 * <p>Decision: one class of about 550 lines. Every step of a hop (route, pick a virtual channel, transmit, arrive,
 * free, credit) reads and writes the same per-channel and per-buffer arrays on the hot path, and the switch models
 * call these steps in different orders; the parts with state of their own are their own classes ({@link Buffers},
 * {@link FlowControl}, {@link LaneArbiter}, {@link Stats}, {@link PacketView}, the switch models, {@link Hosts}).
 */
final class Engine {
    static final int EV_ARRIVE = 0;
    static final int EV_TX_DONE = 1;
    static final int EV_CREDIT = 2;
    static final int EV_PAUSE = 3;
    static final int EV_GEN = 4;
    static final int EV_DECIDE = 5;
    static final int EV_WATCHDOG = 7;
    static final int EV_PHASE = 8;
    static final int EV_STOP = 9;
    static final int EV_RESEQ = 10;
    static final int EV_ALLOCATE = 11;
    static final int EV_RATES = 12;

    static final int PHASE_STATE = 0;
    static final int PHASE_DECIDE = 1;
    static final int PHASE_CHECK = 2;
    static final int PHASE_END = 3;

    final SimConfig config;
    final Fabric fabric;
    final ForwardingTable forwarding;
    final Flits flits = new Flits();
    final EventQueue events = new EventQueue();
    final Buffers buffers;
    final FlowControl flowControl;
    final LaneArbiter laneArbiter;
    final Stats stats;
    final boolean flitMode;
    final boolean cutThrough;
    final int vcs;
    /**
     * Router delay folded into the arrival event: for output-queued switches, which queue a packet at its output at
     * once; input-queued switches hold it in its input buffer from its arrival and apply the delay there.
     */
    private final long arrivalDelay;
    /** Time each channel's transmitter becomes free. */
    final long[] busyUntil;
    /** Wormhole: owner of each (channel, vc) downstream buffer (an input buffer id, or -2 - host), -1 = free. */
    final int[] vcOwner;
    /** Per channel: the virtual channel after the one the last head flit took (round robin within a lane). */
    private final int[] vcPointer;
    final long deadlockPs;
    /** Whether an observer asked for the output queues' occupancy ({@link QueueObserver}). */
    final boolean recordQueues;
    SwitchModel switches;
    Hosts hosts;
    /** The simulated controller of a run with online allocation, else null. */
    SimulatedController controller;
    /** Simulated time of the event being processed. */
    long now;
    private final int[] decisions;
    private final boolean[] decisionPending;
    private int decisionHead;
    private int decisionCount;
    /** Open loop after the measured interval: stop once everything generated has been delivered or dropped. */
    boolean draining;
    boolean stopped;
    String stopReason = "";
    DeadlockReport deadlock;
    /** Simulated time of the last flit put on any link. */
    long lastMove;
    long flitHops;
    /** The protocol's switch agent, or null. */
    SwitchAgent agent;
    /** Per channel: packets routed onto it are shown to the agent; null when it watches none. */
    private boolean[] watched;
    private boolean watchBuffers;
    /** Per class: the longest a packet may wait in switches before it is dropped; null when no class is limited. */
    private long[] maxWait;
    /** The one view of a packet handed to protocols. */
    final PacketView view;

    Engine(SimConfig config, Fabric fabric, ForwardingTable forwarding, long windowStart, long windowEnd,
           java.util.List<SimObserver> observers, long deadlockPs) {
        this.config = config;
        this.fabric = fabric;
        this.forwarding = forwarding;
        this.stats = new Stats(fabric, flits, windowStart, windowEnd, observers);
        this.deadlockPs = deadlockPs;
        this.recordQueues = observers.stream().anyMatch(o -> o instanceof QueueObserver);
        this.vcs = fabric.vcs;
        this.flitMode = config.flitBytes() > 0;
        this.cutThrough = !flitMode && config.switching() == SimConfig.Switching.VCT;
        this.arrivalDelay = config.infiniteSpeedup() ? config.routerDelayPs() : 0;
        int buffers = fabric.channels * vcs;
        this.buffers = new Buffers(buffers, config.bufferBytes());
        this.flowControl = switch (config.flowControl()) {
            case CREDIT -> new CreditFlowControl(this, fabric, this.buffers, events);
            case PFC -> pfc(config, fabric);
            case LOSSY -> new LossyFlowControl(fabric, this.buffers, events, !config.infiniteSpeedup());
        };
        this.laneArbiter = new LaneArbiter(config.laneArbitration(), fabric.channels, fabric.lanes,
                fabric.lanePriority);
        busyUntil = new long[fabric.channels];
        vcOwner = new int[buffers];
        java.util.Arrays.fill(vcOwner, -1);
        vcPointer = new int[fabric.channels];
        decisions = new int[fabric.switches + fabric.channels];
        decisionPending = new boolean[decisions.length];
        view = new PacketView(this);
    }

    /**
     * Installs a protocol's switch agent for this run.
     *
     * @throws IllegalArgumentException when it would drop or re-address packets that travel as flits
     */
    void attach(SwitchAgent a) {
        agent = a;
        if (a == null) {
            return;
        }
        for (int c = 0; c < fabric.channels; c++) {
            if (a.watches(c)) {
                if (watched == null) {
                    watched = new boolean[fabric.channels];
                }
                watched[c] = true;
            }
        }
        watchBuffers = a.watchesBuffers();
        long[] limits = new long[fabric.classes];
        boolean any = false;
        for (int k = 0; k < limits.length; k++) {
            limits[k] = a.maxWaitPs(k);
            if (limits[k] < 0) {
                throw new IllegalArgumentException("protocol: class " + k + " may wait " + limits[k] + " ps, expected "
                        + ">= 0");
            }
            any |= limits[k] != Long.MAX_VALUE;
        }
        maxWait = any ? limits : null;
        if (flitMode) {
            throw new IllegalArgumentException("protocols move whole packets: use packets (no flit size); a flit of a "
                    + "packet a switch re-addresses or drops would lose its head");
        }
    }

    /** The lane packet f travels in: its class's share of its layer. */
    int lane(int f) {
        return flits.cls(f) * fabric.layers + flits.layer(f);
    }

    /**
     * Asks for a decision (a switch's allocation, an output's or a host's choice of what to send next) at the
     * current instant, after every state change of the instant: decisions run in the order they were asked for,
     * each at most once per round, without going through the event list. Targets: a switch u is {@code u}, an
     * output or host channel c is {@code switches + c}.
     */
    void decideNow(int target) {
        if (!decisionPending[target]) {
            decisionPending[target] = true;
            int tail = decisionHead + decisionCount;
            decisions[tail >= decisions.length ? tail - decisions.length : tail] = target;
            decisionCount++;
        }
    }

    /** Asks for a decision at a later time (an event), or now when {@code at} is not in the future. */
    void decideAt(int target, long at) {
        if (at <= now) {
            decideNow(target);
        } else {
            events.schedule(at, PHASE_DECIDE, EV_DECIDE, target, 0, 0);
        }
    }

    /** True when decisions are waiting for the current instant. */
    boolean decisionsPending() {
        return decisionCount > 0;
    }

    /** Runs the decisions asked for, in order, until none is left. */
    void runDecisions() {
        while (decisionCount > 0) {
            int target = decisions[decisionHead];
            decisionHead = decisionHead + 1 == decisions.length ? 0 : decisionHead + 1;
            decisionCount--;
            decisionPending[target] = false;
            if (target < fabric.switches) {
                switches.decide(target, now);
            } else if (fabric.fromHost(target - fabric.switches)) {
                hosts.decide(fabric.chSrc[target - fabric.switches] - fabric.switches, now);
            } else {
                switches.decide(target - fabric.switches, now);
            }
        }
    }

    private FlowControl pfc(SimConfig c, Fabric f) {
        long headroom = PfcThresholds.headroomBytes(f, c.packetBytes(),
                c.infiniteSpeedup() ? c.routerDelayPs() : 0);
        long xoff = c.pfcXoffBytes() > 0 ? c.pfcXoffBytes() : c.bufferBytes() - headroom;
        long xon = c.pfcXonBytes() > 0 ? c.pfcXonBytes() : Math.max(0, xoff - c.packetBytes());
        if (xoff < c.packetBytes()) {
            throw new IllegalArgumentException("pfc: buffer of " + c.bufferBytes() + " B leaves an XOFF threshold of "
                    + xoff + " B after " + headroom + " B of headroom; a buffer needs at least " + (headroom
                    + c.packetBytes()) + " B (--buffer-packets)");
        }
        return new PriorityFlowControl(f, buffers, events, xoff, xon);
    }

    /**
     * The output channel for head flit f at switch u, arrived on channel {@code in}: the host's link when u is the
     * destination switch, else the forwarding entry's channel (an ECMP group hashes the flow, salted per switch).
     *
     * @throws SimulationException when the routes have no entry (a black hole)
     */
    int route(int f, int u, int in) {
        Flits p = flits;
        int d = p.dstSwitch(f);
        if (d == u) {
            if (p.dst(f) >= 0) {
                return crossing(f, fabric.hostDown[p.dst(f)]);
            }
            view.at(f, u);
            if (agent != null) {
                agent.addressed(view, u, now);
            }
            if (!view.readdressed) {
                return -1;
            }
            if (p.dst(f) < 0 && p.dstSwitch(f) == u) {
                throw new IllegalStateException("protocol re-addressed a packet at " + fabric.nodeName(u)
                        + " to the same switch");
            }
            return route(f, u, in);
        }
        int e = forwarding.lookup(u, d, p.layer(f), fabric.chDstPort[in], p.tag(f));
        if (e == ForwardingTable.NONE) {
            throw new SimulationException("routes: no entry at " + fabric.nodeName(u) + " for "
                    + fabric.nodeName(d) + " layer " + p.layer(f) + " (arriving on port " + fabric.chDstPort[in]
                    + ", path tag " + p.tag(f) + "); the verifier reports such black holes (weft route verify)");
        }
        int n = forwarding.outCount(e);
        int c = forwarding.outChannel(e, n == 1 ? 0 : ecmpIndex(p.src(f), p.dst(f), fabric.hosts, u, n));
        return crossing(f, c);
    }

    /** The member of an ECMP group of n a switch u picks for the pair (src, dst): a hash of the pair, salted by u. */
    static int ecmpIndex(int src, int dst, int hosts, int u, int n) {
        long h = mix(((long) src * hosts + dst) * 0x9E3779B97F4A7C15L + u);
        return (int) Long.remainderUnsigned(h, n);
    }

    /** Shows packet f, routed onto channel c, to the agent when it watches c; returns c. */
    private int crossing(int f, int c) {
        if (watched != null && watched[c]) {
            agent.crossing(view.at(f, fabric.chSrc[c]), c, now);
        }
        return c;
    }

    /**
     * The first time packet f, waiting at its current switch, will have waited longer than its class may
     * ({@link #expired} from then on); {@link Long#MAX_VALUE} when its class may wait for ever. A switch model whose
     * blocked packet may expire asks for a decision then, so the drop happens on time whatever else happens.
     */
    long expiryTime(int f) {
        if (maxWait == null || maxWait[flits.cls(f)] == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long left = maxWait[flits.cls(f)] - flits.waited(f);
        return left >= Long.MAX_VALUE / 4 ? Long.MAX_VALUE : flits.eligible(f) + Math.max(0, left) + 1;
    }

    /** Whether packet f, waiting at its current switch, has waited longer than its class may. */
    boolean expired(int f, long now) {
        return maxWait != null && flits.waited(f) + (now - flits.eligible(f)) > maxWait[flits.cls(f)];
    }

    /**
     * Packet f at switch sw waited too long and has been taken out of its queue: counted as dropped and shown to the
     * agent, which may turn it into a reply to its source. Returns true for a reply (f is then a control packet,
     * routed from sw; the caller queues it again), false when it is gone (its buffer space freed).
     */
    boolean expire(int f, int sw, long now) {
        Flits p = flits;
        int b = p.buffer(f);
        stats.onDrop(f, b / vcs, now);
        view.at(f, sw);
        view.allowReply = true;
        agent.dropped(view, sw, true, now);
        view.allowReply = false;
        if (!view.replied) {
            discard(f, now);
            return false;
        }
        int freed = p.bytes(f) - view.replyBytes;
        if (freed > 0) {
            free(b, freed, now);
        }
        int src = p.src(f);
        int back = fabric.hostSwitch[src];
        if (p.dstSwitch(f) != back) {
            p.layer(f, fabric.pairLayer(p.dstSwitch(f), back, 0));
        }
        p.bytes(f, view.replyBytes);
        p.packetBytes(f, view.replyBytes);
        p.cls(f, view.replyCls);
        p.payload(f, view.replyPayload);
        p.flags(f, Flits.HEAD | Flits.TAIL | Flits.CONTROL);
        p.dst(f, src);
        p.dstSwitch(f, back);
        p.tag(f, 0);
        p.eligible(f, now);
        p.out(f, route(f, sw, b / vcs));
        return true;
    }

    /** Packet f leaves the network where it is: its input buffer space is freed and its record released. */
    void discard(int f, long now) {
        int b = flits.buffer(f);
        if (b >= 0) {
            free(b, flits.bytes(f), now);
        }
        flits.release(f);
    }

    /**
     * {@code bytes} leave input buffer b other than by a transmission from it (dropped, or across a crossbar into an
     * output buffer): counted out and credited back upstream.
     */
    void free(int b, int bytes, long now) {
        buffers.occupancy[b] -= bytes;
        stats.onOccupancy(b, buffers.occupancy[b], now);
        flowControl.onLeave(b / vcs, b % vcs, bytes, now);
        buffers.lastDeparture[b] = now;
    }

    /**
     * The channels a packet from switch s to switch d takes in {@code layer} with path tag {@code tag}, entering s on
     * {@code inPort}: the forwarding entries walked, taking the first channel of an ECMP group.
     */
    int[] walk(int s, int d, int layer, int tag, int inPort) {
        int[] path = new int[fabric.switches];
        int n = 0;
        int at = s;
        int port = inPort;
        while (at != d && n < path.length) {
            int e = forwarding.lookup(at, d, layer, port, tag);
            if (e == ForwardingTable.NONE) {
                break;
            }
            int c = forwarding.outChannel(e, 0);
            path[n++] = c;
            port = fabric.chDstPort[c];
            at = fabric.chDst[c];
        }
        return java.util.Arrays.copyOf(path, n);
    }

    /** A 64-bit finaliser (SplitMix64) used for ECMP hashing and for deriving per-component seeds. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * A virtual channel of {@code lane} on channel c that may take {@code need} bytes now (and, for a head flit in
     * flit mode, is owned by nobody), searched round robin; -1 when none.
     */
    int pickVc(int c, int lane, long need, boolean needsFreeVc) {
        int first = fabric.laneFirstVc[lane];
        int count = fabric.laneVcCount[lane];
        int start = count == 1 ? 0 : Math.floorMod(vcPointer[c] - first, count);
        for (int i = 0; i < count; i++) {
            int v = first + (start + i) % count;
            if (needsFreeVc && vcOwner[c * vcs + v] != -1) {
                continue;
            }
            if (flowControl.canSend(c, v, need)) {
                return v;
            }
        }
        return -1;
    }

    /** Credit a flit must find at the next buffer: the whole packet for a cut-through head flit, else the flit. */
    long need(int f) {
        Flits p = flits;
        if (flitMode && config.switching() == SimConfig.Switching.VCT && p.isHead(f)) {
            return (long) config.flitsOf(p.packetBytes(f)) * config.flitBytes();
        }
        return p.bytes(f);
    }

    /**
     * Puts flit f on channel c, virtual channel vc, now: the link is busy until the flit's tail has left; the flit's
     * arrival at the far end and the end of the transmission become events.
     *
     * @param from input buffer the flit leaves (its bytes are released when the tail has left), -1 from a host
     */
    void transmit(int c, int f, int vc, int from, long now) {
        transmit(c, f, vc, from, false, now);
    }

    /**
     * {@link #transmit(int, int, int, int, long)} from an output buffer when {@code staged} ({@link VoqSwitch}): the
     * flit took its credit at the crossbar and its input buffer space is freed there, so neither happens here;
     * {@code from} still names the input buffer it came through (cut-through timing, time waited).
     */
    void transmit(int c, int f, int vc, int from, boolean staged, long now) {
        Flits p = flits;
        int bytes = p.bytes(f);
        long end = now + fabric.serPs(c, bytes);
        if (cutThrough && from >= 0 && p.tailArrive(f) > end) {
            end = p.tailArrive(f);
        }
        busyUntil[c] = end;
        if (!staged) {
            flowControl.onSend(c, vc, bytes);
        }
        long latency = fabric.chLatencyPs[c];
        long tail = end + latency;
        p.vc(f, vc);
        if (p.isHead(f)) {
            vcPointer[c] = vc + 1;
        }
        p.tailArrive(f, tail);
        long arrive;
        if (fabric.toHost(c) || !p.isHead(f)) {
            arrive = tail;
        } else {
            arrive = (cutThrough ? now + latency : tail) + arrivalDelay;
        }
        events.schedule(arrive, PHASE_STATE, EV_ARRIVE, c, f, 0);
        events.schedule(end, PHASE_STATE, EV_TX_DONE, c, staged ? -1 : from, bytes);
        if (from >= 0) {
            buffers.lastDeparture[from] = now;
            p.waited(f, p.waited(f) + (now - p.eligible(f)));
        }
        lastMove = now;
        flitHops++;
        stats.onTransmit(c, vc, bytes, now, end);
    }

    /** A flit's arrival event: delivery at a host, or entry into a switch buffer. */
    void arrive(int c, int f, long now) {
        if (fabric.toHost(c)) {
            hosts.deliver(f, now);
            return;
        }
        Flits p = flits;
        int vc = p.vc(f);
        int b = c * vcs + vc;
        int bytes = p.bytes(f);
        buffers.occupancy[b] += bytes;
        if (!flowControl.onArrive(c, vc, bytes, now)) {
            buffers.occupancy[b] -= bytes;
            drop(f, c, fabric.chDst[c], now);
            return;
        }
        stats.onOccupancy(b, buffers.occupancy[b], now);
        p.buffer(f, b);
        p.eligible(f, now);
        if (p.isHead(f)) {
            int out = route(f, fabric.chDst[c], c);
            if (out < 0) {
                discard(f, now);
                return;
            }
            p.out(f, out);
            if (watchBuffers) {
                boolean held = !fabric.toHost(out) && pickVc(out, lane(f), need(f), flitMode) < 0;
                agent.buffered(view.at(f, fabric.chDst[c]), c, buffers.occupancy[b], buffers.capacity,
                        switches.queuedAhead(f, b), held, now);
            }
        }
        switches.arrive(f, c, b, now);
    }

    /** End of a transmission on channel c: the transmitter is free and the flit's bytes leave their buffer. */
    void transmitted(int c, int from, int bytes, long now) {
        if (from >= 0) {
            int inCh = from / vcs;
            buffers.occupancy[from] -= bytes;
            stats.onOccupancy(from, buffers.occupancy[from], now);
            flowControl.onLeave(inCh, from % vcs, bytes, now);
        }
        if (fabric.fromHost(c)) {
            hosts.ready(fabric.chSrc[c] - fabric.switches, now);
        } else {
            switches.outputFree(c, now);
        }
    }

    /** A credit or resume reached the sender of channel c: it may be able to send. */
    void senderMayGo(int c, long now) {
        if (fabric.fromHost(c)) {
            hosts.ready(fabric.chSrc[c] - fabric.switches, now);
        } else {
            switches.senderMayGo(c, now);
        }
    }

    /**
     * Drops flit f at switch sw, where channel c ends or, for an output queue, leaves (lossy overflow, or a lossless
     * buffer that overflowed).
     */
    void drop(int f, int c, int sw, long now) {
        stats.onDrop(f, c, now);
        if (agent != null) {
            agent.dropped(view.at(f, sw), sw, false, now);
        }
        flits.release(f);
    }

    /** While draining: stops the run once every packet made has been delivered or dropped. */
    void checkDrained() {
        if (draining && stats.delivered + stats.dropped == stats.generated) {
            stop("drained");
        }
    }

    /** Ends the run now, for the given reason. */
    void stop(String reason) {
        stopped = true;
        stopReason = reason;
    }
}
