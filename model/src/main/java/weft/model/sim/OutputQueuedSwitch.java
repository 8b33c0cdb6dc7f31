package weft.model.sim;

/**
 * A switch with infinite speedup: any number of packets may leave one input buffer at the same time towards
 * different outputs, so a packet joins its output's queue (per lane) as soon as it has been routed, and never waits
 * behind a packet for another output. Buffer space stays accounted at the input it arrived on until the packet has
 * left the switch. Each output sends one packet at a time, choosing the lane with {@link LaneArbiter} and within
 * the lane the inputs first come first served (by arrival at the switch) or round robin over input ports.
 *
 * <p>Source: seed 003 §2 and §5, seed 000 §1.1-1.3 (input buffers of a few MTU packets, FCFS among inputs at each
 * output, infinite speedup); seed 003 Fig. 1 uses round robin among input ports for its exposition. In lossy mode
 * each output queue (per lane) holds at most the buffer size and drops what does not fit (seed 004 §3.1, ideal
 * output-queued switches with drop-tail).
 */
final class OutputQueuedSwitch extends SwitchModel {
    private final Fabric fabric;
    private final Flits flits;
    private final int lanes;
    private final boolean roundRobin;
    private final boolean lossy;
    private final long capacity;
    /** Sub-queues per (output, lane): one for first come first served, one per input port for round robin. */
    private final int[] subs;
    private final int[] base;
    private final FlitQueues queues;
    /** Packets and bytes queued per (output, lane). */
    private final int[] count;
    private final long[] bytes;
    private final int[] subPointer;
    /** Position of each input channel among its switch's inputs. */
    private final int[] inIndex;
    private final int[] headBytes;
    /** Last time each output put a packet on its link. */
    private final long[] lastSend;
    /** Position of each channel among its switch's outputs, and outputs per switch at most. */
    private final int[] outIndex;
    private final int maxOutputs;
    /** Bytes each input buffer holds for each output of its switch (the VOQs of a VOQ router). */
    private final long[] voq;
    /** Per output, the most bytes queued in the window ({@link #queuePeaks}); null unless recorded. */
    private final long[] peak;

    OutputQueuedSwitch(Engine engine) {
        super(engine);
        fabric = engine.fabric;
        flits = engine.flits;
        lanes = fabric.lanes;
        roundRobin = "rr".equals(engine.config.outputOrder());
        lossy = engine.config.flowControl() == SimConfig.FlowControlKind.LOSSY;
        capacity = engine.config.bufferBytes();
        int[] inputs = new int[fabric.switches];
        inIndex = new int[fabric.channels];
        for (int u = 0; u < fabric.switches; u++) {
            for (int port = 1; port < fabric.outAt[u].length; port++) {
                int c = fabric.outAt[u][port];
                if (c >= 0) {
                    int back = c < fabric.switchChannels ? c ^ 1 : c - 1;
                    inIndex[back] = inputs[u]++;
                }
            }
        }
        subs = new int[fabric.channels];
        base = new int[fabric.channels + 1];
        for (int c = 0; c < fabric.channels; c++) {
            subs[c] = fabric.fromHost(c) ? 0 : roundRobin ? Math.max(1, inputs[fabric.chSrc[c]]) : 1;
            base[c + 1] = base[c] + subs[c] * lanes;
        }
        queues = new FlitQueues(base[fabric.channels]);
        count = new int[fabric.channels * lanes];
        bytes = new long[fabric.channels * lanes];
        subPointer = new int[fabric.channels * lanes];
        lastSend = new long[fabric.channels];
        headBytes = new int[Math.max(16, lanes)];
        outIndex = new int[fabric.channels];
        int most = 0;
        for (int u = 0; u < fabric.switches; u++) {
            int k = 0;
            for (int port = 1; port < fabric.outAt[u].length; port++) {
                int c = fabric.outAt[u][port];
                if (c >= 0) {
                    outIndex[c] = k++;
                }
            }
            most = Math.max(most, k);
        }
        maxOutputs = most;
        voq = new long[fabric.channels * fabric.vcs * Math.max(1, most)];
        peak = engine.recordQueues ? new long[fabric.channels] : null;
    }

    @Override
    void arrive(int f, int c, int b, long now) {
        Flits p = flits;
        int o = p.out(f);
        int lane = engine.lane(f);
        int ol = o * lanes + lane;
        if (lossy && bytes[ol] + p.bytes(f) > capacity) {
            engine.buffers.occupancy[b] -= p.bytes(f);
            engine.drop(f, o, fabric.chSrc[o], now);
            return;
        }
        int q = base[o] + lane * subs[o] + (roundRobin ? inIndex[c] : 0);
        voq[b * maxOutputs + outIndex[o]] += p.bytes(f);
        queues.append(p, q, f);
        count[ol]++;
        bytes[ol] += p.bytes(f);
        if (peak != null && engine.busyUntil[o] > now) {
            recordPeak(o, now);
        }
        schedule(o, now);
    }

    /**
     * A packet joined output o's queue behind the one on the wire: keeps the queue's largest size in the measurement
     * window (a packet that finds its output free starts at once and never counts as queued).
     */
    private void recordPeak(int o, long now) {
        if (!engine.stats.measuring(now)) {
            return;
        }
        long queued = 0;
        for (int lane = 0; lane < lanes; lane++) {
            queued += bytes[o * lanes + lane];
        }
        peak[o] = Math.max(peak[o], queued);
    }

    @Override
    long[] queuePeaks() {
        return peak == null ? null : peak.clone();
    }

    @Override
    long queuedAhead(int f, int b) {
        return voq[b * maxOutputs + outIndex[flits.out(f)]];
    }

    @Override
    void outputFree(int c, long now) {
        schedule(c, now);
    }

    @Override
    void senderMayGo(int c, long now) {
        schedule(c, now);
    }

    private void schedule(int o, long at) {
        if (engine.busyUntil[o] <= at) {
            engine.decideAt(fabric.switches + o, at);
        }
    }

    /** The queue whose front goes next in (output, lane), or -1 when the lane is empty. */
    private int front(int o, int lane) {
        if (count[o * lanes + lane] == 0) {
            return -1;
        }
        int q0 = base[o] + lane * subs[o];
        if (!roundRobin) {
            return q0;
        }
        int n = subs[o];
        int from = subPointer[o * lanes + lane];
        for (int k = 0; k < n; k++) {
            int s = (from + k) % n;
            if (queues.front(q0 + s) >= 0) {
                return q0 + s;
            }
        }
        return -1;
    }

    @Override
    void decide(int o, long now) {
        if (engine.busyUntil[o] > now) {
            return;
        }
        Flits p = flits;
        long ready = 0;
        for (int lane = 0; lane < lanes; lane++) {
            int q = front(o, lane);
            while (q >= 0 && engine.expired(queues.front(q), now)) {
                int f = take(o, lane, q);
                if (engine.expire(f, fabric.chSrc[o], now)) {
                    int b = p.buffer(f);
                    arrive(f, b / fabric.vcs, b, now);
                }
                q = front(o, lane);
            }
            if (q >= 0 && engine.pickVc(o, lane, p.bytes(queues.front(q)), false) >= 0) {
                ready |= 1L << lane;
                headBytes[lane] = p.bytes(queues.front(q));
            }
        }
        int lane = engine.laneArbiter.pick(o, ready, headBytes);
        if (lane < 0) {
            long expiry = Long.MAX_VALUE;
            for (int l = 0; l < lanes; l++) {
                int q = front(o, l);
                if (q >= 0) {
                    expiry = Math.min(expiry, engine.expiryTime(queues.front(q)));
                }
            }
            if (expiry != Long.MAX_VALUE) {
                schedule(o, expiry);
            }
            return;
        }
        int f = take(o, lane, front(o, lane));
        int vc = engine.pickVc(o, lane, p.bytes(f), false);
        lastSend[o] = now;
        engine.transmit(o, f, vc, p.buffer(f), now);
    }

    /** Takes the front packet of sub-queue q of (output o, lane) out of it. */
    private int take(int o, int lane, int q) {
        Flits p = flits;
        int f = queues.pop(p, q);
        int ol = o * lanes + lane;
        count[ol]--;
        bytes[ol] -= p.bytes(f);
        voq[p.buffer(f) * maxOutputs + outIndex[o]] -= p.bytes(f);
        if (roundRobin) {
            subPointer[ol] = (q - base[o] - lane * subs[o] + 1) % subs[o];
        }
        return f;
    }

    @Override
    void waits(WaitGraph g, long now) {
        Flits p = flits;
        int vcs = fabric.vcs;
        long quiet = now - engine.deadlockPs;
        for (int o = 0; o < fabric.channels; o++) {
            if (fabric.fromHost(o)) {
                continue;
            }
            for (int lane = 0; lane < lanes; lane++) {
                if (count[o * lanes + lane] == 0) {
                    continue;
                }
                boolean blocked = !fabric.toHost(o) && lastSend[o] <= quiet
                        && engine.pickVc(o, lane, p.bytes(queues.front(front(o, lane))), false) < 0;
                int q0 = base[o] + lane * subs[o];
                for (int s = 0; s < subs[o]; s++) {
                    for (int f = queues.front(q0 + s); f >= 0; f = p.next(f)) {
                        int b = p.buffer(f);
                        if (!blocked) {
                            g.alive[b] = true;
                            continue;
                        }
                        for (int k = 0; k < fabric.laneVcCount[lane]; k++) {
                            g.edge(b, o * vcs + fabric.laneFirstVc[lane] + k);
                        }
                    }
                }
            }
        }
    }
}
