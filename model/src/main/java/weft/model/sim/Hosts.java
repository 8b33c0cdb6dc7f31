package weft.model.sim;

import weft.model.host.voq.VirtualOutputQueue;
import weft.model.host.voq.VoqTable;

/**
 * The hosts' sending side: their queues and their injection (one {@link InjectionPolicy} each) onto the host link.
 * Which path a packet takes is {@link PathChoice}'s; what happens at the destination is {@link Receivers}'.
 *
 * <p>Each host keeps its queues in the agent's {@link VoqTable} of {@link VirtualOutputQueue}s holding the packets'
 * int handles (seed 004 §4.1): one VOQ per flow (towards the flow's destination; with one flow per pair of hosts,
 * as the allocators assume, that is one VOQ per destination), or in open loop a single first-in first-out VOQ keyed
 * -1 (BookSim's source queue, which the cross-check needs). A VOQ holds packets already made (open-loop traffic,
 * made when generated); a flow's bytes not yet cut into packets wait beside it as the application's unsent data, and
 * are cut into packets of at most {@link SimConfig#packetBytes()} when the VOQ is empty at the front (flows are bulk:
 * whenever a packet goes, the next one is ready, seed 000 §1.2). A host's backlog is its VOQs' bytes plus that data.
 * A packet's path and layer are chosen when it reaches the front of its queue. With flits, the host sends the flits
 * of one packet back to back on one virtual channel, which it owns from the head to the tail under wormhole.
 * Sequence numbers (for the receivers' resequencers) count per flow, or per pair of hosts in open loop.
 *
 * <p>Under a {@link Protocol} every host is its {@link Nic} instead: the NIC makes its own traffic and puts packets on
 * the link through a {@link HostLink} ({@link NicLink}), and receives what arrives; the hosts' queues are unused.
 *
 * <p>Decision: one class of about 360 lines: queueing, the injection decision and the flit-by-flit send are one
 * host's sending side on the simulator's hot path, sharing its int-indexed arrays.
 */
final class Hosts {
    private final Engine engine;
    private final Fabric fabric;
    private final Flits flits;
    private final SimConfig config;
    final int[] queueFirst;
    final int[] queueDst;
    final int[] queueFlow;
    /** The VOQ of each queue (the queues of host h are its {@link VoqTable}'s, indexes 0..). */
    private final VirtualOutputQueue<Void>[] voqs;
    /** Per host: its VOQs, by flow index (-1 for the open-loop queue). */
    private final VoqTable<VirtualOutputQueue<Void>>[] tables;
    private final long[] unmade;
    private final int[] flowSeq;
    private final InjectionPolicy[] policies;
    private final View[] views;
    /** Per host: the packet whose flits it is sending, -1 when none. */
    private final int[] current;
    private final int[] currentVc;
    /** Per (source host, destination host) sequence numbers for open-loop resequencing. */
    private final int[] pairSeq;
    /** The paths packets take. */
    final PathChoice paths;
    /** The destinations' side. */
    final Receivers receivers;
    /** Each host's link to its NIC under a protocol, else null. */
    private NicLink[] links;

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
        voqs = (VirtualOutputQueue<Void>[]) new VirtualOutputQueue<?>[q];
        tables = (VoqTable<VirtualOutputQueue<Void>>[]) new VoqTable<?>[hosts];
        for (int h = 0; h < hosts; h++) {
            int first = queueFirst[h];
            int count = queueFirst[h + 1] - first;
            if (count == 0) {
                continue;
            }
            tables[h] = new VoqTable<>(count);
            for (int i = first; i < first + count; i++) {
                int dst = queueDst[i];
                voqs[i] = tables[h].getOrCreate(queueFlow[i], (index, key) -> VirtualOutputQueue.ofHandles(index,
                        dst, config.sourceQueuePackets(), Long.MAX_VALUE, null));
            }
        }
        unmade = new long[q];
        flowSeq = new int[flows];
        current = new int[hosts];
        java.util.Arrays.fill(current, -1);
        currentVc = new int[hosts];
        views = new View[hosts];
        policies = new InjectionPolicy[hosts];
        for (int h = 0; h < hosts; h++) {
            views[h] = new View(h);
            policies[h] = policy.create(h, views[h], Engine.mix(config.seed() * 37 + 2 * h));
        }
        paths = new PathChoice(engine);
        boolean openLoop = flows == 0;
        receivers = new Receivers(engine, queueDst, openLoop);
        pairSeq = openLoop && config.resequence() ? new int[hosts * hosts] : null;
    }

    /** Whether a protocol's NICs drive the hosts. */
    boolean driven() {
        return links != null;
    }

    /**
     * Hosts are these NICs (one per host, in host order) from now on; {@code spread}: their packets to hosts take the
     * host's path policy ({@link Protocol#spreadsPaths}).
     *
     * @throws IllegalArgumentException when spreading over routes of more than one layer
     */
    void useNics(Nic[] nics, boolean spread) {
        if (spread && fabric.layers > 1) {
            throw new IllegalArgumentException("a protocol that spreads its packets over the paths needs routes of one "
                    + "layer, these have " + fabric.layers);
        }
        links = new NicLink[nics.length];
        for (int h = 0; h < nics.length; h++) {
            links[h] = new NicLink(this, engine, h, nics[h], spread);
        }
    }

    /** Packets waiting in the queue (made ones only). */
    int length(int q) {
        return voqs[q].sizePackets();
    }

    /** Bytes queued at queue q and not yet sent: its VOQ's packets and the flow's data not yet cut into packets. */
    long backlogBytes(int q) {
        return voqs[q].backlogBytes() + unmade[q];
    }

    /**
     * Makes a packet of {@code bytes} from host src to dst, created now, and appends it to queue q.
     *
     * @return the packet's record
     */
    int enqueue(int q, int src, int dst, int bytes, int flow, long now, boolean measured) {
        int f = make(src, dst, bytes, flow, now, measured);
        append(q, f);
        return f;
    }

    /** Adds {@code bytes} of flow data to queue q, cut into packets when they reach the front. */
    void addBacklog(int q, long bytes) {
        unmade[q] += bytes;
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
        if (!voqs[q].offerHandle(f, flits.packetBytes(f), 0)) {
            throw new IllegalStateException("queue " + q + " is full (" + voqs[q].sizePackets() + " packets)");
        }
    }

    /** The front packet of queue q with its path chosen, made from the flow's backlog if needed; -1 when empty. */
    private int front(int q, long now) {
        int f = voqs[q].headHandle();
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
            paths.choose(f);
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
        if (links != null) {
            links[h].decide(now);
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
        VirtualOutputQueue<Void> voq = voqs[qi];
        voq.pollHandle();
        voq.stampSent(flits.packetBytes(f));
        policy.sent(q, flits.packetBytes(f), now);
        inject(h, c, f, vc, now);
    }

    /** Whether host h is in the middle of sending a packet's flits. */
    boolean sending(int h) {
        return current[h] >= 0;
    }

    /** Puts packet f on host h's link c, virtual channel vc, now (its first flit, when it travels as flits). */
    void inject(int h, int c, int f, int vc, long now) {
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
        if (links != null) {
            links[flits.dst(f)].deliver(f, now);
            return;
        }
        receivers.receive(f, now);
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
            return Hosts.this.backlogBytes(queueFirst[host] + q);
        }

        @Override
        public int frontBytes(int q) {
            int qi = queueFirst[host] + q;
            int bytes = voqs[qi].headBytes();
            return bytes > 0 ? bytes : (int) Math.min(unmade[qi], config.packetBytes());
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
}
