package weft.model.sim;

/**
 * An input-queued switch with virtual channels, as BookSim's IQ router: a FIFO per input virtual channel in which
 * only the front flit may compete (head-of-line blocking), a crossbar of speedup 1 (an input port feeds one output
 * at a time, an output takes one input), and a crossbar allocator (iSLIP or greedy round robin) run whenever
 * something at the switch changed.
 *
 * <p>A packet may compete {@code routerDelay} after it arrived (a packet switch looks its header up on arrival); a head
 * flit also only {@code routerDelay} after it reached the front of its buffer (BookSim routes and allocates a virtual
 * channel when the head reaches the front, so a virtual channel turns round one packet per router delay); it needs
 * a free output and
 * a virtual channel of its lane on the next link with room for it (for a cut-through head flit: the whole packet;
 * under wormhole an unowned virtual channel, held until the tail has gone). Body flits follow their head's output
 * and virtual channel and need room for one flit. Among the virtual channels of one input that want the same output,
 * those of the best traffic-class priority ask first ({@link SimConfig#classPriorities()}), and a round-robin
 * pointer per input decides among equals; an output considers only the requests of the best priority it received
 * (priority arbiters, as seed 001 §3's separable allocator), among which the allocator chooses. A packet at the
 * front of its buffer that waited longer than its class may is dropped there or turned into a reply
 * ({@link Engine#expire}).
 *
 * <p>Decision: one class of about 400 lines, the one allocation step of a speedup-1 switch (requests, lane
 * arbitration, crossbar match, grants) over shared request matrices; the allocators themselves are
 * {@link CrossbarAllocator}s and the lane tables {@link LaneArbiter}s.
 */
final class InputQueuedSwitch extends SwitchModel {
    private final Fabric fabric;
    private final Flits flits;
    private final Buffers buffers;
    private final int vcs;
    /** Per input buffer, the output channel and virtual channel its packet in progress holds (wormhole), -1 if none. */
    private final int[] outCh;
    private final int[] outVc;
    private final int[][] inputs;
    private final int[][] outputs;
    /** Position of each channel among its switch's outputs. */
    private final int[] outIndex;
    /** Input channel busy feeding the crossbar until (speedup 1). */
    private final long[] inputBusy;
    private final int[] vcPointer;
    /** Virtual channels by priority level (best first), each level in index order. */
    private final int[][] levelVcs;
    private final CrossbarAllocator allocator;
    private final long routerDelay;
    /** Flits: a head's router delay runs again from its reaching the front of its buffer (BookSim's pipeline). */
    private final boolean frontDelay;
    /** Flits waiting in each input channel's buffers (all virtual channels). */
    private final int[] waiting;
    /** Per switch, a bit per input (its position in {@code inputs[u]}) that has flits waiting. */
    private final long[] active;
    private final int[] activeBase;
    /** Position of each input channel among its switch's inputs. */
    private final int[] inIndex;
    private long[] req = new long[0];
    private int[] reqBuffer = new int[0];
    private int[] reqVc = new int[0];
    private int[] match = new int[0];
    private int[] outs = new int[0];
    private int[] rowStamp = new int[0];
    private final boolean laneTables;
    private final int[] laneBytes;
    /** Best priority among the requests each output received in this decision. */
    private int[] rowPriority = new int[0];
    private int decisions;
    /** Outputs asked for in the decision being made. */
    private int requested;

    InputQueuedSwitch(Engine engine) {
        super(engine);
        fabric = engine.fabric;
        flits = engine.flits;
        buffers = engine.buffers;
        vcs = fabric.vcs;
        outCh = new int[fabric.channels * vcs];
        outVc = new int[fabric.channels * vcs];
        java.util.Arrays.fill(outCh, -1);
        java.util.Arrays.fill(outVc, -1);
        routerDelay = engine.config.routerDelayPs();
        frontDelay = engine.flitMode;
        laneTables = engine.config.laneArbitration() != null;
        laneBytes = new int[Math.max(16, fabric.lanes)];
        int s = fabric.switches;
        int[] inCount = new int[s];
        int[] outCount = new int[s];
        for (int c = 0; c < fabric.channels; c++) {
            if (!fabric.toHost(c)) {
                inCount[fabric.chDst[c]]++;
            }
            if (!fabric.fromHost(c)) {
                outCount[fabric.chSrc[c]]++;
            }
        }
        inputs = new int[s][];
        outputs = new int[s][];
        for (int u = 0; u < s; u++) {
            inputs[u] = new int[inCount[u]];
            outputs[u] = new int[outCount[u]];
        }
        outIndex = new int[fabric.channels];
        int[] fillIn = new int[s];
        int[] fillOut = new int[s];
        for (int u = 0; u < s; u++) {
            for (int port = 1; port < fabric.outAt[u].length; port++) {
                int c = fabric.outAt[u][port];
                if (c >= 0) {
                    outIndex[c] = fillOut[u];
                    outputs[u][fillOut[u]++] = c;
                }
            }
        }
        for (int c = 0; c < fabric.channels; c++) {
            if (!fabric.toHost(c)) {
                int u = fabric.chDst[c];
                inputs[u][fillIn[u]++] = c;
            }
        }
        inIndex = new int[fabric.channels];
        activeBase = new int[s + 1];
        for (int u = 0; u < s; u++) {
            sortByPort(inputs[u]);
            for (int i = 0; i < inputs[u].length; i++) {
                inIndex[inputs[u][i]] = i;
            }
            activeBase[u + 1] = activeBase[u] + (inputs[u].length + 63) / 64;
        }
        active = new long[activeBase[s]];
        inputBusy = new long[fabric.channels];
        waiting = new int[fabric.channels];
        vcPointer = new int[fabric.channels];
        allocator = CrossbarAllocator.create(engine.config.allocator(), inCount, outCount);
        java.util.TreeMap<Integer, java.util.List<Integer>> byLevel = new java.util.TreeMap<>();
        for (int v = 0; v < vcs; v++) {
            byLevel.computeIfAbsent(fabric.lanePriority[fabric.vcLane[v]], k -> new java.util.ArrayList<>()).add(v);
        }
        levelVcs = byLevel.values().stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray())
                .toArray(int[][]::new);
    }

    private void sortByPort(int[] channels) {
        for (int i = 1; i < channels.length; i++) {
            for (int j = i; j > 0 && fabric.chDstPort[channels[j - 1]] > fabric.chDstPort[channels[j]]; j--) {
                int t = channels[j];
                channels[j] = channels[j - 1];
                channels[j - 1] = t;
            }
        }
    }

    @Override
    void arrive(int f, int c, int b, long now) {
        flits.eligible(f, flits.isHead(f) ? now + routerDelay : now);
        if (waiting[c]++ == 0) {
            int u = fabric.chDst[c];
            active[activeBase[u] + (inIndex[c] >>> 6)] |= 1L << inIndex[c];
        }
        buffers.append(flits, b, f, now);
        schedule(fabric.chDst[c], now);
    }

    @Override
    long queuedAhead(int f, int b) {
        return buffers.occupancy[b] - flits.bytes(f);
    }

    @Override
    void outputFree(int c, long now) {
        schedule(fabric.chSrc[c], now);
    }

    @Override
    void senderMayGo(int c, long now) {
        schedule(fabric.chSrc[c], now);
    }

    private void schedule(int u, long at) {
        engine.decideAt(u, at);
    }

    @Override
    void decide(int u, long now) {
        int[] in = inputs[u];
        int[] out = outputs[u];
        int nIn = in.length;
        int nOut = out.length;
        int words = (nIn + 63) >>> 6;
        if (req.length < nOut * words) {
            req = new long[nOut * words];
            outs = new int[nOut];
            match = new int[nOut];
            rowStamp = new int[nOut];
            rowPriority = new int[nOut];
        }
        if (reqBuffer.length < nIn * nOut) {
            reqBuffer = new int[nIn * nOut];
            reqVc = new int[nIn * nOut];
        }
        int stamp = ++decisions;
        requested = 0;
        long wake = Long.MAX_VALUE;
        int base = activeBase[u];
        for (int w = 0; w < words; w++) {
            for (long bits = active[base + w]; bits != 0; bits &= bits - 1) {
                int i = (w << 6) + Long.numberOfTrailingZeros(bits);
                wake = requestInput(u, i, in[i], nOut, words, stamp, wake, now);
            }
        }
        int count = requested;
        if (count > 0) {
            for (int x = 1; x < count; x++) {
                for (int y = x; y > 0 && outs[y - 1] > outs[y]; y--) {
                    int t = outs[y];
                    outs[y] = outs[y - 1];
                    outs[y - 1] = t;
                }
            }
            if (laneTables) {
                keepArbitratedLanes(out, nIn, nOut, words, count);
            }
            allocator.match(u, nIn, nOut, req, words, outs, count, match);
            for (int k = 0; k < count; k++) {
                int j = outs[k];
                int i = match[j];
                if (i >= 0) {
                    grant(in[i], out[j], reqBuffer[i * nOut + j], reqVc[i * nOut + j], now);
                }
            }
        }
        if (wake != Long.MAX_VALUE) {
            schedule(u, wake);
        }
    }

    /** Input i (channel c) of switch u, unless busy, lets each virtual channel's front ask, best priority first. */
    private long requestInput(int u, int i, int c, int nOut, int words, int stamp, long wake, long now) {
        if (inputBusy[c] > now) {
            return wake;
        }
        for (int[] level : levelVcs) {
            int n = level.length;
            int first = vcPointer[c] % n;
            for (int k = 0; k < n; k++) {
                int v = level[first + k < n ? first + k : first + k - n];
                wake = request(u, i, c, v, nOut, words, stamp, wake, now);
            }
        }
        return wake;
    }

    /** One flit fewer waits at input c; an input with none leaves its switch's set of active inputs. */
    private void leave(int c) {
        if (--waiting[c] == 0) {
            int u = fabric.chDst[c];
            active[activeBase[u] + (inIndex[c] >>> 6)] &= ~(1L << inIndex[c]);
        }
    }

    /**
     * VL arbitration at the outputs of a speedup-1 switch: where requests for one output come from several lanes,
     * the output's {@link LaneArbiter} (the IBA tables) picks the lane, and only that lane's requests go on to the
     * crossbar allocator. Decision: the chosen lane's turn is charged even if the allocator then gives the output to
     * no one (iSLIP with one iteration can leave it unmatched); seed 002's IBA switch arbitrates VLs at its inputs,
     * which a crossbar allocator cannot express, so the output side is where Weft applies the tables.
     */
    private void keepArbitratedLanes(int[] out, int nIn, int nOut, int words, int count) {
        Flits p = flits;
        for (int k = 0; k < count; k++) {
            int j = outs[k];
            long ready = 0;
            for (int i = 0; i < nIn; i++) {
                if (Bits.get(req, j * words, i)) {
                    int f = buffers.front(reqBuffer[i * nOut + j]);
                    int lane = engine.lane(f);
                    if ((ready & (1L << lane)) == 0) {
                        ready |= 1L << lane;
                        laneBytes[lane] = p.bytes(f);
                    }
                }
            }
            if (Long.bitCount(ready) < 2) {
                continue;
            }
            int lane = engine.laneArbiter.pick(out[j], ready, laneBytes);
            for (int i = 0; i < nIn; i++) {
                if (Bits.get(req, j * words, i) && engine.lane(buffers.front(reqBuffer[i * nOut + j])) != lane) {
                    req[j * words + (i >>> 6)] &= ~(1L << i);
                }
            }
        }
    }

    /**
     * Lets the front of input c's virtual channel v (input i of switch u) ask for its output when it may go now;
     * returns the earliest time something not yet eligible becomes so ({@code wake} when sooner).
     */
    private long request(int u, int i, int c, int v, int nOut, int words, int stamp, long wake, long now) {
        Flits p = flits;
        long[] busy = engine.busyUntil;
        int b = c * vcs + v;
        int f = buffers.front(b);
        if (f < 0) {
            return wake;
        }
        int o = outCh[b];
        if (o < 0 && p.isHead(f) && engine.expired(f, now)) {
            buffers.pop(p, b, now);
            if (engine.expire(f, u, now)) {
                buffers.pushFront(p, b, f, now);
            } else {
                leave(c);
                f = buffers.front(b);
                if (f < 0) {
                    return wake;
                }
            }
        }
        long eligible = p.eligible(f);
        if (o < 0 && frontDelay && p.isHead(f)) {
            eligible = Math.max(eligible, buffers.frontSince[b] + routerDelay);
        }
        if (eligible > now) {
            return Math.min(wake, eligible);
        }
        int ov;
        if (o >= 0) {
            ov = outVc[b];
            if (busy[o] > now || !engine.flowControl.canSend(o, ov, p.bytes(f))) {
                return wake;
            }
        } else {
            o = p.out(f);
            ov = busy[o] > now ? -1 : engine.pickVc(o, engine.lane(f), engine.need(f), engine.flitMode);
            if (ov < 0) {
                return p.isHead(f) ? Math.min(wake, engine.expiryTime(f)) : wake;
            }
        }
        int j = outIndex[o];
        int priority = fabric.lanePriority[engine.lane(f)];
        if (rowStamp[j] != stamp) {
            rowStamp[j] = stamp;
            rowPriority[j] = priority;
            java.util.Arrays.fill(req, j * words, (j + 1) * words, 0);
            outs[requested++] = j;
        } else if (Bits.get(req, j * words, i) || priority > rowPriority[j]) {
            return wake;
        } else if (priority < rowPriority[j]) {
            rowPriority[j] = priority;
            java.util.Arrays.fill(req, j * words, (j + 1) * words, 0);
        }
        Bits.set(req, j * words, i);
        reqBuffer[i * nOut + j] = b;
        reqVc[i * nOut + j] = ov;
        return wake;
    }

    private void grant(int c, int o, int b, int ov, long now) {
        Flits p = flits;
        int f = buffers.pop(p, b, now);
        leave(c);
        boolean head = p.isHead(f);
        boolean tail = p.isTail(f);
        if (head && !tail) {
            outCh[b] = o;
            outVc[b] = ov;
            engine.vcOwner[o * vcs + ov] = b;
        } else if (tail && !head) {
            outCh[b] = -1;
            outVc[b] = -1;
            engine.vcOwner[o * vcs + ov] = -1;
        }
        vcPointer[c] = (b % vcs + 1) % vcs;
        engine.transmit(o, f, ov, b, now);
        inputBusy[c] = engine.busyUntil[o];
    }

    @Override
    void waits(WaitGraph g, long now) {
        Flits p = flits;
        for (int b : g.candidates()) {
            int f = buffers.front(b);
            if (f < 0) {
                continue;
            }
            int o = outCh[b];
            if (o >= 0) {
                int ov = outVc[b];
                if (fabric.toHost(o) || engine.flowControl.canSend(o, ov, p.bytes(f))) {
                    g.alive[b] = true;
                } else {
                    g.edge(b, o * vcs + ov);
                }
                continue;
            }
            o = p.out(f);
            int lane = engine.lane(f);
            if (fabric.toHost(o) || engine.pickVc(o, lane, engine.need(f), engine.flitMode) >= 0) {
                g.alive[b] = true;
                continue;
            }
            for (int k = 0; k < fabric.laneVcCount[lane]; k++) {
                g.edge(b, o * vcs + fabric.laneFirstVc[lane] + k);
            }
        }
    }
}
