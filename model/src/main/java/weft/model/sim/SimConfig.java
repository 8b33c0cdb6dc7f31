package weft.model.sim;

import java.util.List;

import weft.model.qos.VlArbitrationTable;

/**
 * Everything that shapes one simulated fabric apart from its topology, routes and traffic. Times are integer
 * picoseconds; sizes are bytes. {@link #defaults()} gives the InfiniBand-like fabric of seeds 000 and 003 (2 KB
 * packets, 8-packet input buffers per virtual lane, credit flow control, virtual cut-through) with a
 * crossbar of speedup 1; the {@code with...} methods change one knob each.
 *
 * <p>Decision: one record of about 500 lines with its validation, its one-knob {@code with...} methods and its
 * {@link Builder}: one concept (the knobs of a run, the {@code config} object of {@code weft-sim/1}), long only
 * because there are 27 knobs, each documented once here.
 *
 * @param packetBytes      size of every packet of open-loop traffic, and the largest packet of a flow
 * @param flitBytes        flit size; 0 moves whole packets (the default), otherwise packets are split into flits of
 *                         this size (the last one padded) that travel and are credited one by one, as in BookSim
 * @param bufferBytes      capacity of each input buffer (per port and virtual channel); in lossy mode with
 *                         infinite speedup, of each output queue (per port and lane)
 * @param vcs              virtual channels per port; 0 = one per routing layer. When larger than the number of
 *                         lanes each lane gets an equal share
 * @param flowControl      link-level flow control
 * @param switching        when a packet (or head flit) may leave a switch
 * @param infiniteSpeedup  true: any number of packets may leave one input buffer at once towards different outputs,
 *                         served first come first served at each output (seed 003 §5); false: a crossbar with
 *                         speedup 1 and head-of-line blocking per input virtual channel, as BookSim's IQ router
 * @param allocator        crossbar allocator for speedup 1: {@code islip} or {@code rr} (greedy round robin)
 * @param outputOrder      order in which an output serves inputs under infinite speedup: {@code fcfs} (by arrival at
 *                         the switch, seed 003 §2) or {@code rr} (round robin over input ports, seed 003 Fig. 1)
 * @param laneArbitration  how an output link chooses among its lanes: null for round robin, or the InfiniBand VL
 *                         arbitration table (seed 002 §4.2.1; lanes are VLs). With traffic classes of one priority
 *                         its VLs are the (class, layer) lanes: service levels mapped one to one onto VLs (§4.2.2)
 * @param routerDelayPs    time from a packet's (head flit's) arrival, or from its reaching the front of its input
 *                         buffer, to its first chance to cross the switch
 * @param hostLatencyPs    one-way latency of host links (the topology gives switch-to-switch latencies)
 * @param warmupPs         simulated time before measurement starts
 * @param durationPs       measured simulated time (open loop), or the time limit of a closed run after warm-up
 * @param seed             seed of every random stream (each component derives its own)
 * @param deadlockPs       a buffer that has sent nothing for this long while it waits on other such buffers that
 *                         are full takes part in deadlock detection; 0 = derived from the fabric (see {@link
 *                         Simulator})
 * @param arrivals         open-loop arrival process at each host
 * @param sourceQueuePackets packets a host may hold waiting for injection before it refuses new ones (open loop)
 * @param pfcXoffBytes     PFC: pause the upstream when a buffer holds this much; 0 = buffer minus headroom
 * @param pfcXonBytes      PFC: resume it when the buffer holds this little; 0 = XOFF minus one packet
 * @param drain            open loop: after the measured interval stop generating and run until the measured
 *                         packets are delivered (BookSim's drain), or until deadlock or the same duration again
 * @param pathPolicy       how a host picks among the paths (tags) {@code layer_of} lists for a pair: a
 *                         {@link weft.model.host.path.PathPolicy} name ({@code ecmp, vlb, rr, prr, srr, sd, psd, tp,
 *                         ptp, mp, pmp}, seed 004 §3.2)
 * @param resequence       receivers put each sender's packets back in order with the agent's hybrid resequencer
 *                         (seed 004 §3.4)
 * @param classPriorities  traffic classes beside the routing layers, by class: its strict priority (0 first). Each
 *                         class has its own virtual channels in every layer (a lane is a (class, layer) pair); an
 *                         output serves the ready lanes of the best priority, round robin among equals. Empty: one
 *                         class (the default). Protocols that carry control packets use it (seed 001 §2.5: CRP's four
 *                         classes, control first and speculative last; its ECN baseline's control class)
 * @param minPacketBytes   0: every open-loop packet has {@code packetBytes}; otherwise each packet's size is drawn
 *                         uniformly from {@code minPacketBytes..packetBytes} (seed 004 §3.1.4, Fig. 3.6b: "random
 *                         size", uniform between the minimum 84-byte and maximum 1538-byte Ethernet frame on the
 *                         wire). Poisson gaps then have the mean size's mean; periodic ones pace each packet by its
 *                         own size ({@code next = last + len/rate}, seed 004 §4.5.3). Needs Poisson or periodic
 *                         arrivals and whole packets
 * @param alternateSizes   with {@code minPacketBytes} set: every host's packets alternate between {@code packetBytes}
 *                         and {@code minPacketBytes}, starting with the largest (seed 004 §3.2.2, Fig. 3.8: "we had
 *                         the servers alternate between sending maximum (1500 bytes) and minimum size packets"),
 *                         instead of uniform random sizes; the mean size is the same
 * @param voqRouter        null: the switch {@code infiniteSpeedup} names; otherwise seed 001 §3's router (VOQ input
 *                         buffers, a crossbar with this speedup, output buffers, separable input-first allocation;
 *                         {@link VoqSwitch}). Needs whole packets and {@code infiniteSpeedup} false
 */
public record SimConfig(int packetBytes, int flitBytes, long bufferBytes, int vcs, FlowControlKind flowControl,
                        Switching switching, boolean infiniteSpeedup, String allocator, String outputOrder,
                        VlArbitrationTable laneArbitration, long routerDelayPs, long hostLatencyPs, long warmupPs,
                        long durationPs, long seed, long deadlockPs, Arrivals arrivals, int sourceQueuePackets,
                        long pfcXoffBytes, long pfcXonBytes, boolean drain, String pathPolicy, boolean resequence,
                        List<Integer> classPriorities, int minPacketBytes, boolean alternateSizes,
                        VoqRouter voqRouter) {

    /** Most traffic classes. */
    public static final int MAX_CLASSES = 8;

    /** Largest packet the simulator moves. */
    public static final int MAX_PACKET_BYTES = 1 << 20;

    /** Link-level flow control schemes. */
    public enum FlowControlKind {
        /** Credit-based per virtual channel (InfiniBand): never drops. */
        CREDIT,
        /** Priority flow control per lane with XOFF/XON thresholds (Ethernet 802.1Qbb): drops only on overflow. */
        PFC,
        /** No flow control: a full buffer drops the arriving packet (drop-tail Ethernet of seed 004). */
        LOSSY
    }

    /** When a packet or head flit may move on. */
    public enum Switching {
        /** Virtual cut-through: once its head has arrived, if the next buffer has room for the whole packet. */
        VCT,
        /** Store and forward: once its tail has arrived. */
        STORE_AND_FORWARD,
        /** Wormhole (flits only): a head flit needs a free output virtual channel, each flit one flit of room. */
        WORMHOLE
    }

    /** Open-loop arrival processes. */
    public enum Arrivals {
        /** BookSim's: in each flit time a packet is created with probability load / flits per packet. */
        BERNOULLI,
        /** Exponential gaps with the same mean. */
        POISSON,
        /** Fixed gaps: a packet every packet time / load. */
        PERIODIC
    }

    public SimConfig {
        require(packetBytes >= 1 && packetBytes <= MAX_PACKET_BYTES, "packetBytes", packetBytes,
                "1.." + MAX_PACKET_BYTES);
        require(flitBytes >= 0 && flitBytes <= packetBytes, "flitBytes", flitBytes, "0..packetBytes");
        require(bufferBytes >= 1, "bufferBytes", bufferBytes, ">= 1");
        require(vcs >= 0 && vcs <= 64, "vcs", vcs, "0..64");
        if (flowControl == null || switching == null || arrivals == null) {
            throw new IllegalArgumentException("flowControl, switching and arrivals must be set");
        }
        if (!"islip".equals(allocator) && !"rr".equals(allocator)) {
            throw new IllegalArgumentException("allocator: unknown '" + allocator + "', expected islip or rr");
        }
        if (!"fcfs".equals(outputOrder) && !"rr".equals(outputOrder)) {
            throw new IllegalArgumentException("outputOrder: unknown '" + outputOrder + "', expected fcfs or rr");
        }
        if (switching == Switching.WORMHOLE && flitBytes == 0) {
            throw new IllegalArgumentException("switching: wormhole needs flits (flitBytes > 0)");
        }
        if (infiniteSpeedup && flitBytes > 0) {
            throw new IllegalArgumentException("infinite speedup moves whole packets: flitBytes must be 0, got "
                    + flitBytes);
        }
        require(routerDelayPs >= 0, "routerDelayPs", routerDelayPs, ">= 0");
        require(hostLatencyPs >= 0, "hostLatencyPs", hostLatencyPs, ">= 0");
        require(warmupPs >= 0, "warmupPs", warmupPs, ">= 0");
        require(durationPs >= 1, "durationPs", durationPs, ">= 1");
        require(deadlockPs >= 0, "deadlockPs", deadlockPs, ">= 0");
        require(sourceQueuePackets >= 1, "sourceQueuePackets", sourceQueuePackets, ">= 1");
        if (pathPolicy == null || pathPolicy.isBlank()) {
            throw new IllegalArgumentException("pathPolicy must be a policy name");
        }
        require(pfcXoffBytes >= 0 && pfcXonBytes >= 0, "pfcXoffBytes/pfcXonBytes", Math.min(pfcXoffBytes,
                pfcXonBytes), ">= 0");
        if (pfcXoffBytes > 0 && pfcXonBytes > pfcXoffBytes) {
            throw new IllegalArgumentException("pfcXonBytes " + pfcXonBytes + " exceeds pfcXoffBytes "
                    + pfcXoffBytes);
        }
        classPriorities = classPriorities == null ? List.of() : List.copyOf(classPriorities);
        require(classPriorities.size() <= MAX_CLASSES, "classPriorities.size", classPriorities.size(),
                "0.." + MAX_CLASSES);
        for (int p : classPriorities) {
            require(p >= 0 && p < MAX_CLASSES, "class priority", p, "0.." + (MAX_CLASSES - 1));
        }
        require(minPacketBytes >= 0 && minPacketBytes <= packetBytes, "minPacketBytes", minPacketBytes,
                "0..packetBytes");
        if (minPacketBytes > 0 && (arrivals == Arrivals.BERNOULLI || flitBytes > 0)) {
            throw new IllegalArgumentException("random packet sizes (minPacketBytes " + minPacketBytes
                    + ") need poisson or periodic arrivals and whole packets (no flit size)");
        }
        if (alternateSizes && minPacketBytes == 0) {
            throw new IllegalArgumentException("alternateSizes needs minPacketBytes, the size of every other packet");
        }
        if (voqRouter != null && (infiniteSpeedup || flitBytes > 0 || voqRouter.outputBufferBytes() < packetBytes)) {
            throw new IllegalArgumentException("voqRouter moves whole packets through output buffers of at least one "
                    + "packet, without infinite speedup: got flitBytes " + flitBytes + ", infiniteSpeedup "
                    + infiniteSpeedup + ", output buffers of " + voqRouter.outputBufferBytes() + " B for "
                    + packetBytes + " B packets");
        }
        if (laneArbitration != null && classPriorities.stream().distinct().count() > 1) {
            throw new IllegalArgumentException("a VL arbitration table orders the lanes itself: its traffic classes "
                    + "must share one priority, got " + classPriorities);
        }
    }

    private static void require(boolean ok, String name, long value, String expected) {
        if (!ok) {
            throw new IllegalArgumentException(name + " must be " + expected + ", got " + value);
        }
    }

    /**
     * Seed 003's fabric: 2048-byte packets, 8-packet input buffers, credits, virtual cut-through, 100 ns router
     * delay (seed 000 Table 6.2), a crossbar of speedup 1 with iSLIP, round-robin lanes, 10 µs warm-up, 100 µs
     * measured, seed 1, Bernoulli arrivals, 1000-packet source queues.
     */
    public static SimConfig defaults() {
        return new SimConfig(2048, 0, 8 * 2048L, 0, FlowControlKind.CREDIT, Switching.VCT, false, "islip", "fcfs",
                null, 100_000, 0, 10_000_000L, 100_000_000L, 1, 0, Arrivals.BERNOULLI,
                1000, 0, 0, false, "vlb", false, List.of(), 0, false, null);
    }

    /** Mean size of an open-loop packet, bytes. */
    public double meanPacketBytes() {
        return minPacketBytes == 0 ? packetBytes : (minPacketBytes + packetBytes) / 2.0;
    }

    /** Number of traffic classes (at least one). */
    public int classes() {
        return Math.max(1, classPriorities.size());
    }

    /** Priority of traffic class {@code cls} (0 first). */
    public int classPriority(int cls) {
        return classPriorities.isEmpty() ? 0 : classPriorities.get(cls);
    }

    /** Flit size (0 = whole packets). */
    public int unitBytes() {
        return flitBytes == 0 ? packetBytes : flitBytes;
    }

    /** Flits per packet of {@code bytes} (1 when packets travel whole). */
    public int flitsOf(int bytes) {
        return flitBytes == 0 ? 1 : (bytes + flitBytes - 1) / flitBytes;
    }

    public SimConfig withPacketBytes(int v) {
        return toBuilder().packetBytes(v).build();
    }

    public SimConfig withFlitBytes(int v) {
        return toBuilder().flitBytes(v).build();
    }

    public SimConfig withBufferBytes(long v) {
        return toBuilder().bufferBytes(v).build();
    }

    public SimConfig withVcs(int v) {
        return toBuilder().vcs(v).build();
    }

    public SimConfig withFlowControl(FlowControlKind v) {
        return toBuilder().flowControl(v).build();
    }

    public SimConfig withSwitching(Switching v) {
        return toBuilder().switching(v).build();
    }

    public SimConfig withInfiniteSpeedup(boolean v) {
        return toBuilder().infiniteSpeedup(v).build();
    }

    public SimConfig withAllocator(String v) {
        return toBuilder().allocator(v).build();
    }

    public SimConfig withOutputOrder(String v) {
        return toBuilder().outputOrder(v).build();
    }

    public SimConfig withLaneArbitration(VlArbitrationTable v) {
        return toBuilder().laneArbitration(v).build();
    }

    public SimConfig withRouterDelayPs(long v) {
        return toBuilder().routerDelayPs(v).build();
    }

    public SimConfig withHostLatencyPs(long v) {
        return toBuilder().hostLatencyPs(v).build();
    }

    public SimConfig withWarmupPs(long v) {
        return toBuilder().warmupPs(v).build();
    }

    public SimConfig withDurationPs(long v) {
        return toBuilder().durationPs(v).build();
    }

    public SimConfig withSeed(long v) {
        return toBuilder().seed(v).build();
    }

    public SimConfig withDeadlockPs(long v) {
        return toBuilder().deadlockPs(v).build();
    }

    public SimConfig withArrivals(Arrivals v) {
        return toBuilder().arrivals(v).build();
    }

    public SimConfig withSourceQueuePackets(int v) {
        return toBuilder().sourceQueuePackets(v).build();
    }

    public SimConfig withDrain(boolean v) {
        return toBuilder().drain(v).build();
    }

    public SimConfig withPathPolicy(String v) {
        return toBuilder().pathPolicy(v).build();
    }

    public SimConfig withResequence(boolean v) {
        return toBuilder().resequence(v).build();
    }

    /** Traffic classes by priority, e.g. {@code List.of(0, 0, 1, 2)} for CRP's four (seed 001 §2.5). */
    public SimConfig withClassPriorities(List<Integer> v) {
        return toBuilder().classPriorities(v).build();
    }

    /** Random open-loop packet sizes, uniform in {@code min..packetBytes}; 0 for fixed sizes. */
    public SimConfig withMinPacketBytes(int v) {
        return toBuilder().minPacketBytes(v).build();
    }

    /** Packets alternating between {@code packetBytes} and {@code minPacketBytes} instead of uniform random sizes. */
    public SimConfig withAlternateSizes(boolean v) {
        return toBuilder().alternateSizes(v).build();
    }

    /** Seed 001 §3's router ({@link VoqSwitch}) instead of the other two models; null for those. */
    public SimConfig withVoqRouter(VoqRouter v) {
        return toBuilder().voqRouter(v).build();
    }

    public SimConfig withPfcThresholds(long xoff, long xon) {
        return toBuilder().pfcXoffBytes(xoff).pfcXonBytes(xon).build();
    }

    /** A builder holding this configuration's values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.packetBytes = packetBytes;
        b.flitBytes = flitBytes;
        b.bufferBytes = bufferBytes;
        b.vcs = vcs;
        b.flowControl = flowControl;
        b.switching = switching;
        b.infiniteSpeedup = infiniteSpeedup;
        b.allocator = allocator;
        b.outputOrder = outputOrder;
        b.laneArbitration = laneArbitration;
        b.routerDelayPs = routerDelayPs;
        b.hostLatencyPs = hostLatencyPs;
        b.warmupPs = warmupPs;
        b.durationPs = durationPs;
        b.seed = seed;
        b.deadlockPs = deadlockPs;
        b.arrivals = arrivals;
        b.sourceQueuePackets = sourceQueuePackets;
        b.pfcXoffBytes = pfcXoffBytes;
        b.pfcXonBytes = pfcXonBytes;
        b.drain = drain;
        b.pathPolicy = pathPolicy;
        b.resequence = resequence;
        b.classPriorities = classPriorities;
        b.minPacketBytes = minPacketBytes;
        b.alternateSizes = alternateSizes;
        b.voqRouter = voqRouter;
        return b;
    }

    /** Sets knobs one at a time; {@link #build} validates. */
    public static final class Builder {
        private int packetBytes;
        private int flitBytes;
        private long bufferBytes;
        private int vcs;
        private FlowControlKind flowControl;
        private Switching switching;
        private boolean infiniteSpeedup;
        private String allocator;
        private String outputOrder;
        private VlArbitrationTable laneArbitration;
        private long routerDelayPs;
        private long hostLatencyPs;
        private long warmupPs;
        private long durationPs;
        private long seed;
        private long deadlockPs;
        private Arrivals arrivals;
        private int sourceQueuePackets;
        private long pfcXoffBytes;
        private long pfcXonBytes;
        private boolean drain;
        private String pathPolicy;
        private boolean resequence;
        private List<Integer> classPriorities = List.of();
        private int minPacketBytes;
        private boolean alternateSizes;
        private VoqRouter voqRouter;

        private Builder() {
        }

        public Builder packetBytes(int v) {
            packetBytes = v;
            return this;
        }

        public Builder flitBytes(int v) {
            flitBytes = v;
            return this;
        }

        public Builder bufferBytes(long v) {
            bufferBytes = v;
            return this;
        }

        public Builder vcs(int v) {
            vcs = v;
            return this;
        }

        public Builder flowControl(FlowControlKind v) {
            flowControl = v;
            return this;
        }

        public Builder switching(Switching v) {
            switching = v;
            return this;
        }

        public Builder infiniteSpeedup(boolean v) {
            infiniteSpeedup = v;
            return this;
        }

        public Builder allocator(String v) {
            allocator = v;
            return this;
        }

        public Builder outputOrder(String v) {
            outputOrder = v;
            return this;
        }

        public Builder laneArbitration(VlArbitrationTable v) {
            laneArbitration = v;
            return this;
        }

        public Builder routerDelayPs(long v) {
            routerDelayPs = v;
            return this;
        }

        public Builder hostLatencyPs(long v) {
            hostLatencyPs = v;
            return this;
        }

        public Builder warmupPs(long v) {
            warmupPs = v;
            return this;
        }

        public Builder durationPs(long v) {
            durationPs = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder deadlockPs(long v) {
            deadlockPs = v;
            return this;
        }

        public Builder arrivals(Arrivals v) {
            arrivals = v;
            return this;
        }

        public Builder sourceQueuePackets(int v) {
            sourceQueuePackets = v;
            return this;
        }

        public Builder pfcXoffBytes(long v) {
            pfcXoffBytes = v;
            return this;
        }

        public Builder pfcXonBytes(long v) {
            pfcXonBytes = v;
            return this;
        }

        public Builder drain(boolean v) {
            drain = v;
            return this;
        }

        public Builder pathPolicy(String v) {
            pathPolicy = v;
            return this;
        }

        public Builder resequence(boolean v) {
            resequence = v;
            return this;
        }

        public Builder classPriorities(List<Integer> v) {
            classPriorities = v;
            return this;
        }

        public Builder minPacketBytes(int v) {
            minPacketBytes = v;
            return this;
        }

        public Builder alternateSizes(boolean v) {
            alternateSizes = v;
            return this;
        }

        public Builder voqRouter(VoqRouter v) {
            voqRouter = v;
            return this;
        }

        public SimConfig build() {
            return new SimConfig(packetBytes, flitBytes, bufferBytes, vcs, flowControl, switching, infiniteSpeedup,
                    allocator, outputOrder, laneArbitration, routerDelayPs, hostLatencyPs, warmupPs, durationPs,
                    seed, deadlockPs, arrivals, sourceQueuePackets, pfcXoffBytes, pfcXonBytes, drain, pathPolicy,
                    resequence, classPriorities, minPacketBytes, alternateSizes, voqRouter);
        }
    }
}
