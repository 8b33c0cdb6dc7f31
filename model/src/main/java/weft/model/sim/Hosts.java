package weft.model.sim;

import java.util.List;
import java.util.SplittableRandom;

import weft.model.host.path.PathPolicy;
import weft.model.host.reseq.HybridResequencer;
import weft.model.traffic.Flow;

/**
 * The hosts: their queues, their injection (one {@link InjectionPolicy} each) onto the host link, the choice of each
 * packet's path among those {@code layer_of} lists for its pair of switches, and delivery at the destination.
 *
 * <p>Each queue holds packets already made (open-loop traffic, made when generated) and bytes not yet cut into packets
 * (a flow's remaining size, cut into packets of at most {@link SimConfig#packetBytes()} when they reach the front;
 * flows are bulk: whenever a packet goes, the next one is ready, seed 000 §1.2). A packet's path and layer are chosen
 * when it reaches the front of its queue. With flits, the host sends the flits of one packet back to back on one
 * virtual channel, which it owns from the head to the tail under wormhole.
 *
 * <p>Paths: when {@code layer_of} lists several paths (tags) for a pair, the host's {@link PathPolicy} (the agent's,
 * seed 004 §3.2) picks one per packet; a policy's destination is the destination switch (paths are per pair of
 * switches). Multi-Phase is told the channels of each path, found by walking the forwarding entries. Receivers
 * may resequence each sender's packets with the agent's {@link HybridResequencer} (seed 004 §3.4): a sender is a
 * flow (flow workloads) or a source host (open loop), its sequence numbers count per destination, its timestamp is
 * the packet's injection time.
 *
 * <p>Under a {@link Protocol} every host is its {@link Nic} instead: the NIC makes its own traffic and puts packets on
 * the link through a {@link HostLink} (each pair's first path), and receives what arrives; the hosts' queues are
 * unused.
 */
final class Hosts {
    /** Packets a resequencer holds per sender. */
    static final int RESEQUENCER_QUEUE = 16;
    /** Most hosts for resequencing open-loop traffic (every receiver tracks every sender). */
    static final int MAX_OPEN_LOOP_RESEQUENCING = 1024;

    private final Engine engine;
    private final Fabric fabric;
    private final Flits flits;
    private final SimConfig config;
    final int[] queueFirst;
    final int[] queueDst;
    final int[] queueFlow;
    private final int[] head;
    private final int[] tail;
    private final int[] length;
    final long[] backlog;
    private final long[] unmade;
    private final int[] flowSeq;
    private final InjectionPolicy[] policies;
    private final View[] views;
    private final int[] current;
    private final int[] currentVc;
    private final SplittableRandom[] pathRandom;
    private final PathPolicy[] pathPolicies;
    private final boolean[][] pathLinksDeclared;
    private final boolean multiPhase;
    private final HybridResequencer<Integer>[] resequencers;
    /** Per (source host, destination host) sequence numbers for open-loop resequencing. */
    private final int[] pairSeq;
    private final long[] timerAt;
    private final int[] sendersOf;
    private long reseqTimerEvents;
    private Delivery delivery;
    /** Each host's NIC under a protocol, else null. */
    private Nic[] nics;
    private NicLink[] links;
    /** Time of the wake-up event pending for each NIC, {@link Long#MAX_VALUE} when none. */
    private long[] nicWake;
    /** Per flow: index of its own path among its pair's, -1 for the path policy; null when no flow is pinned. */
    private int[] flowPath;

    /** Told about every packet delivered to a host (flow bookkeeping, phases). */
    interface Delivery {
        void delivered(int packetFlit, long now);
    }

    /**
     * @param queueHost host of each queue (queues of one host contiguous, hosts in order)
     * @param queueDst  destination host of each queue, -1 for a mixed FIFO
     * @param queueFlow flow of each queue, -1 for none
     * @param flows     number of flows (for per-flow sequence numbers)
     */
    @SuppressWarnings("unchecked")
    Hosts(Engine engine, int[] queueHost, int[] queueDst, int[] queueFlow, int flows,
          InjectionPolicy.Factory policy) {
        this.engine = engine;
        this.fabric = engine.fabric;
        this.flits = engine.flits;
        this.config = engine.config;
        int hosts = fabric.hosts;
        int q = queueHost.length;
        queueFirst = new int[hosts + 1];
        for (int i = 0; i < q; i++) {
            if (i > 0 && queueHost[i] < queueHost[i - 1]) {
                throw new IllegalArgumentException("queues must be grouped by host in host order");
            }
            queueFirst[queueHost[i] + 1]++;
        }
        for (int h = 0; h < hosts; h++) {
            queueFirst[h + 1] += queueFirst[h];
        }
        this.queueDst = queueDst.clone();
        this.queueFlow = queueFlow.clone();
        head = new int[q];
        tail = new int[q];
        java.util.Arrays.fill(head, -1);
        java.util.Arrays.fill(tail, -1);
        length = new int[q];
        backlog = new long[q];
        unmade = new long[q];
        flowSeq = new int[flows];
        current = new int[hosts];
        java.util.Arrays.fill(current, -1);
        currentVc = new int[hosts];
        views = new View[hosts];
        policies = new InjectionPolicy[hosts];
        pathRandom = new SplittableRandom[hosts];
        pathPolicies = new PathPolicy[hosts];
        multiPhase = "mp".equals(config.pathPolicy());
        pathLinksDeclared = new boolean[multiPhase ? hosts : 0][];
        for (int h = 0; h < hosts; h++) {
            views[h] = new View(h);
            pathRandom[h] = new SplittableRandom(Engine.mix(config.seed() * 31 + 2 * h + 1));
            policies[h] = policy.create(h, views[h], Engine.mix(config.seed() * 37 + 2 * h));
            pathPolicies[h] = PathPolicy.create(config.pathPolicy(), fabric.hostSwitches(), fabric.maxPaths,
                    Math.max(1, fabric.switchChannels), h, pathRandom[h]);
        }
        resequencers = config.resequence() ? newResequencers(hosts) : null;
        timerAt = new long[config.resequence() ? hosts : 0];
        java.util.Arrays.fill(timerAt, Long.MAX_VALUE);
        sendersOf = new int[hosts];
        if (config.resequence()) {
            for (int dst : queueDst) {
                if (dst >= 0) {
                    sendersOf[dst]++;
                }
            }
        }
        boolean openLoop = config.resequence() && flows == 0;
        if (openLoop && hosts > MAX_OPEN_LOOP_RESEQUENCING) {
            throw new IllegalArgumentException("resequencing open-loop traffic keeps every sender's state at every "
                    + "receiver; " + hosts + " hosts are more than " + MAX_OPEN_LOOP_RESEQUENCING + " (use flows)");
        }
        pairSeq = openLoop ? new int[hosts * hosts] : null;
    }

    void onDelivery(Delivery d) {
        this.delivery = d;
    }

    /** Whether a protocol's NICs drive the hosts. */
    boolean driven() {
        return nics != null;
    }

    /** Hosts are these NICs (one per host, in host order) from now on. */
    void useNics(Nic[] nics) {
        this.nics = nics.clone();
        links = new NicLink[nics.length];
        nicWake = new long[nics.length];
        java.util.Arrays.fill(nicWake, Long.MAX_VALUE);
        for (int h = 0; h < nics.length; h++) {
            links[h] = new NicLink(h);
        }
    }

    /** Packets waiting in the queue (made ones only). */
    int length(int q) {
        return length[q];
    }

    /**
     * Makes a packet of {@code bytes} from host src to dst, created now, and appends it to queue q.
     *
     * @return the packet's record
     */
    int enqueue(int q, int src, int dst, int bytes, int flow, long now, boolean measured) {
        int f = make(src, dst, bytes, flow, now, measured);
        append(q, f);
        backlog[q] += bytes;
        return f;
    }

    /** Adds {@code bytes} of flow data to queue q, cut into packets when they reach the front. */
    void addBacklog(int q, long bytes) {
        unmade[q] += bytes;
        backlog[q] += bytes;
    }

    private int make(int src, int dst, int bytes, int flow, long now, boolean measured) {
        Flits p = flits;
        int f = p.allocate();
        p.src(f, src);
        p.dst(f, dst);
        p.dstSwitch(f, fabric.hostSwitch[dst]);
        p.layer(f, -1);
        p.tag(f, 0);
        p.flow(f, flow);
        p.seq(f, flow >= 0 ? flowSeq[flow]++ : pairSeq != null ? pairSeq[src * fabric.hosts + dst]++ : 0);
        p.bytes(f, bytes);
        p.packetBytes(f, bytes);
        p.flags(f, Flits.HEAD | Flits.TAIL | (measured ? Flits.MEASURED : 0));
        p.created(f, now);
        p.pending(f, config.flitsOf(bytes));
        engine.stats.onMade(f);
        return f;
    }

    private void append(int q, int f) {
        flits.next(f, -1);
        if (tail[q] < 0) {
            head[q] = f;
        } else {
            flits.next(tail[q], f);
        }
        tail[q] = f;
        length[q]++;
    }

    /** The front packet of queue q with its path chosen, made from the flow's backlog if needed; -1 when empty. */
    private int front(int q, long now) {
        int f = head[q];
        if (f < 0) {
            if (unmade[q] == 0) {
                return -1;
            }
            int bytes = (int) Math.min(unmade[q], config.packetBytes());
            unmade[q] -= bytes;
            int h = hostOf(q);
            f = make(h, queueDst[q], bytes, queueFlow[q], now, engine.stats.measuring(now));
            append(q, f);
        }
        if (flits.layer(f) < 0) {
            choosePath(f);
        }
        return f;
    }

    private int hostOf(int q) {
        int lo = 0;
        int hi = fabric.hosts - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (queueFirst[mid] <= q) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * Pins flows to their own paths (seed 000 §3.1: a flow's route is set up once and all its packets follow it):
     * {@code flowTag[f]} is the tag under which the pair's paths list flow f's path, -1 for the host's path policy.
     *
     * @throws IllegalArgumentException naming the flow when its tag is not among its pair's paths
     */
    void fixPaths(int[] flowTag, int[] src, int[] dst, String workload, List<Flow> flows) {
        for (int f = 0; f < flowTag.length; f++) {
            if (flowTag[f] < 0) {
                continue;
            }
            if (flowPath == null) {
                flowPath = new int[flowTag.length];
                java.util.Arrays.fill(flowPath, -1);
            }
            int s = fabric.hostSwitch[src[f]];
            int d = fabric.hostSwitch[dst[f]];
            if (s == d) {
                continue;
            }
            for (int i = 0; i < fabric.pathCount(s, d); i++) {
                if (fabric.pairTag(s, d, i) == flowTag[f]) {
                    flowPath[f] = i;
                }
            }
            if (flowPath[f] < 0) {
                throw new IllegalArgumentException(workload + ": flow " + flows.get(f).id() + ": path tag "
                        + flowTag[f] + " is not among the routes' paths from " + fabric.topology.switches().get(s).id()
                        + " to " + fabric.topology.switches().get(d).id());
            }
        }
    }

    /** Picks one of the pair's paths (layer and tag) for packet f: its flow's own, or its host's path policy's. */
    private void choosePath(int f) {
        Flits p = flits;
        int h = p.src(f);
        int s = fabric.hostSwitch[h];
        int d = p.dstSwitch(f);
        if (s == d) {
            p.layer(f, 0);
            p.tag(f, 0);
            return;
        }
        if (flowPath != null && p.flow(f) >= 0 && flowPath[p.flow(f)] >= 0) {
            p.layer(f, fabric.pairLayer(s, d, flowPath[p.flow(f)]));
            p.tag(f, fabric.pairTag(s, d, flowPath[p.flow(f)]));
            return;
        }
        int k = fabric.pathCount(s, d);
        int dest = fabric.hostSwitchOrdinal(d);
        if (k > 1 && multiPhase) {
            declarePathLinks(h, s, d, dest, k);
        }
        int i = k == 1 ? 0 : pathPolicies[h].choose(dest, k, p.packetBytes(f));
        p.layer(f, fabric.pairLayer(s, d, i));
        p.tag(f, fabric.pairTag(s, d, i));
    }

    /** Tells host h's Multi-Phase policy the channels of each path from switch s to d, once. */
    private void declarePathLinks(int h, int s, int d, int dest, int k) {
        if (pathLinksDeclared[h] == null) {
            pathLinksDeclared[h] = new boolean[fabric.hostSwitches()];
        }
        if (pathLinksDeclared[h][dest]) {
            return;
        }
        pathLinksDeclared[h][dest] = true;
        for (int i = 0; i < k; i++) {
            pathPolicies[h].setPathLinks(dest, i, engine.walk(s, d, fabric.pairLayer(s, d, i), fabric.pairTag(s, d, i),
                    fabric.hostPort[h]));
        }
    }

    /** Something changed at host h (packet queued, link free, credit back): let it try to send now. */
    void ready(int h, long now) {
        if (engine.busyUntil[fabric.hostUp[h]] <= now) {
            engine.decideNow(fabric.switches + fabric.hostUp[h]);
        }
    }

    /** The host's decision event: send the next flit of the current packet, or the front of the chosen queue. */
    void decide(int h, long now) {
        int c = fabric.hostUp[h];
        if (engine.busyUntil[c] > now) {
            return;
        }
        if (current[h] >= 0) {
            sendFlit(h, c, now);
            return;
        }
        if (nics != null) {
            NicLink link = links[h];
            link.now = now;
            link.sent = false;
            nics[h].inject(link, now);
            if (!link.sent) {
                long wake = nics[h].wakePs(now);
                if (wake != Long.MAX_VALUE && wake > now && (wake < nicWake[h] || nicWake[h] <= now)) {
                    nicWake[h] = wake;
                    engine.decideAt(fabric.switches + c, wake);
                }
            }
            return;
        }
        View view = views[h];
        view.now = now;
        InjectionPolicy policy = policies[h];
        int q = policy.select(view, now);
        if (q < 0) {
            long wake = policy.wakePs(view, now);
            if (wake != Long.MAX_VALUE && wake > now) {
                engine.decideAt(fabric.switches + c, wake);
            }
            return;
        }
        int qi = queueFirst[h] + q;
        int f = front(qi, now);
        int vc = f < 0 ? -1 : engine.pickVc(c, engine.lane(f), engine.need(f), engine.flitMode);
        if (vc < 0) {
            return;
        }
        head[qi] = flits.next(f);
        if (head[qi] < 0) {
            tail[qi] = -1;
        }
        length[qi]--;
        backlog[qi] -= flits.packetBytes(f);
        policy.sent(q, flits.packetBytes(f), now);
        inject(h, c, f, vc, now);
    }

    /** Puts packet f on host h's link c, virtual channel vc, now (its first flit, when it travels as flits). */
    private void inject(int h, int c, int f, int vc, long now) {
        flits.injected(f, now);
        if (!engine.flitMode) {
            engine.transmit(c, f, vc, -1, now);
            return;
        }
        current[h] = f;
        currentVc[h] = vc;
        if (flits.pending(f) > 1) {
            engine.vcOwner[c * fabric.vcs + vc] = -2 - h;
        }
        sendFlit(h, c, now);
    }

    private void sendFlit(int h, int c, long now) {
        Flits p = flits;
        int packet = current[h];
        int vc = currentVc[h];
        int total = config.flitsOf(p.packetBytes(packet));
        boolean first = p.pending(packet) == total;
        if (!first && !engine.flowControl.canSend(c, vc, config.flitBytes())) {
            return;
        }
        int f = p.copyOf(packet);
        p.bytes(f, config.flitBytes());
        p.flags(f, p.flags(f) | ((first ? Flits.HEAD : 0) | (p.pending(packet) == 1 ? Flits.TAIL : 0)));
        p.pending(packet, p.pending(packet) - 1);
        if (p.pending(packet) == 0) {
            current[h] = -1;
            if (total > 1) {
                engine.vcOwner[c * fabric.vcs + vc] = -1;
            }
            p.release(packet);
        }
        engine.transmit(c, f, vc, -1, now);
    }

    /** Flit f reached its destination host: delivered, or handed to the host's resequencer. */
    void deliver(int f, long now) {
        if (!flits.isTail(f)) {
            flits.release(f);
            return;
        }
        if (nics != null) {
            int h = flits.dst(f);
            nics[h].received(engine.view.at(f, -1), now);
            if ((flits.flags(f) & Flits.CONTROL) != 0) {
                flits.release(f);
            } else {
                release(f, now);
            }
            ready(h, now);
            return;
        }
        if (resequencers == null) {
            release(f, now);
            return;
        }
        int h = flits.dst(f);
        HybridResequencer<Integer> r = resequencer(h);
        int sender = flits.flow(f) >= 0 ? flits.flow(f) : flits.src(f);
        r.onArrival(sender, flits.seq(f), flits.injected(f), now, f);
        armTimer(h, r);
    }

    /** The packet leaves the host's network stack: counted, told to the workload, freed. */
    private void release(int f, long now) {
        engine.stats.onDeliver(f, now);
        if (delivery != null) {
            delivery.delivered(f, now);
        }
        flits.release(f);
        engine.checkDrained();
    }

    @SuppressWarnings("unchecked") // a generic array; every element is made by resequencer(h), for Integer packets
    private static HybridResequencer<Integer>[] newResequencers(int hosts) {
        return (HybridResequencer<Integer>[]) new HybridResequencer<?>[hosts];
    }

    private HybridResequencer<Integer> resequencer(int h) {
        HybridResequencer<Integer> r = resequencers[h];
        if (r == null) {
            int senders = Math.max(1, sendersOf[h] > 0 ? sendersOf[h] : fabric.hosts);
            r = new HybridResequencer<>(senders, RESEQUENCER_QUEUE, 0, HybridResequencer.LateMode.DELIVER_LATE,
                    (sender, seq, ts, packet, outOfOrder) -> {
                        engine.stats.onResequenced(packet, engine.now, outOfOrder);
                        release(packet, engine.now);
                    });
            resequencers[h] = r;
        }
        return r;
    }

    /** Keeps one timer event pending at host h for its resequencer's next deadline. */
    private void armTimer(int h, HybridResequencer<Integer> r) {
        long deadline = r.nextDeadline();
        if (deadline != Long.MAX_VALUE && deadline < timerAt[h]) {
            timerAt[h] = Math.max(deadline, engine.now);
            engine.events.schedule(timerAt[h], Engine.PHASE_STATE, Engine.EV_RESEQ, h, 0, 0);
            reseqTimerEvents++;
        }
    }

    /** Host h's resequencer timer fired. */
    void resequencerTimer(int h, long now) {
        if (timerAt[h] != now) {
            return;
        }
        timerAt[h] = Long.MAX_VALUE;
        HybridResequencer<Integer> r = resequencers[h];
        r.onTimer(now);
        armTimer(h, r);
    }

    /** The resequencers' counters summed over the hosts, or null when resequencing is off. */
    SimResult.Resequencing resequencing() {
        if (resequencers == null) {
            return null;
        }
        long arrivals = 0;
        long reordered = 0;
        long fixed = 0;
        long late = 0;
        long timeouts = 0;
        for (HybridResequencer<Integer> r : resequencers) {
            if (r != null) {
                arrivals += r.arrivals();
                reordered += r.reorderedArrivals();
                fixed += r.releasedInOrderFromQueue();
                late += r.outOfOrderDeliveries();
                timeouts += r.timeouts();
            }
        }
        return new SimResult.Resequencing(arrivals, reordered, fixed, late, timeouts,
                engine.stats.resequencingDelay.summaryNs());
    }

    /** The queues of one host as its policy sees them. */
    private final class View implements HostQueues {
        private final int host;
        long now;

        View(int host) {
            this.host = host;
        }

        @Override
        public int count() {
            return queueFirst[host + 1] - queueFirst[host];
        }

        @Override
        public long backlogBytes(int q) {
            return backlog[queueFirst[host] + q];
        }

        @Override
        public int frontBytes(int q) {
            int qi = queueFirst[host] + q;
            if (head[qi] >= 0) {
                return flits.packetBytes(head[qi]);
            }
            return (int) Math.min(unmade[qi], config.packetBytes());
        }

        @Override
        public boolean canSend(int q) {
            int c = fabric.hostUp[host];
            if (engine.busyUntil[c] > now || current[host] >= 0) {
                return false;
            }
            int f = front(queueFirst[host] + q, now);
            return f >= 0 && engine.pickVc(c, engine.lane(f), engine.need(f), engine.flitMode) >= 0;
        }

        @Override
        public int destination(int q) {
            return queueDst[queueFirst[host] + q];
        }

        @Override
        public int flow(int q) {
            return queueFlow[queueFirst[host] + q];
        }
    }

    /** Host h's link as its NIC uses it. */
    private final class NicLink implements HostLink {
        private final int host;
        long now;
        boolean sent;

        NicLink(int host) {
            this.host = host;
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
            return engine.busyUntil[fabric.hostUp[host]] <= now && current[host] < 0;
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
            boolean measured = !control && engine.stats.measuring(createdPs);
            p.flags(f, Flits.HEAD | Flits.TAIL | (measured ? Flits.MEASURED : 0) | (control ? Flits.CONTROL : 0));
            p.created(f, createdPs);
            p.pending(f, config.flitsOf(bytes));
            if (!control) {
                engine.stats.onMade(f);
            }
            sent = true;
            inject(host, fabric.hostUp[host], f, vc, now);
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
}
