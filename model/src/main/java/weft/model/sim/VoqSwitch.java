package weft.model.sim;

/**
 * The router of seed 001 §3, a BookSim IQ router as that paper configures it: input buffers per virtual channel whose
 * packets wait in a queue per output (virtual output queueing, so no head-of-line blocking), a crossbar with a speedup
 * over the channels, a bounded output buffer per output and virtual channel in front of each link, and separable
 * input-first allocation with priority arbiters ({@link VoqRouter}).
 *
 * <p>A packet may ask for the crossbar {@code routerDelay} after its head arrived. It asks when its input's crossbar
 * port is free, its output's crossbar port is free, a virtual channel of its lane on the next link has credit for the
 * whole packet (BookSim takes the downstream credit at switch allocation, so the output buffer only stages what the
 * next buffer has room for) and that channel's output buffer has room for it. Among an input's virtual channels
 * asking for one output the best traffic-class priority asks, then the first from a round-robin pointer; the
 * {@link SeparableAllocator} matches inputs to outputs. A granted packet takes its credit, enters the output buffer and
 * crosses in its link time over the speedup, under cut-through not before its tail has arrived
 * ({@link CrossbarTransfers}); its input's crossbar port is free again after that time over the speedup (BookSim
 * interleaves flits of several packets through one input port, so a cut-through packet still arriving uses only part
 * of it). Output buffers go on their links as the link is free, lanes chosen by the {@link LaneArbiter}
 * ({@link OutputBuffers}).
 *
 * <p>Decisions: BookSim allocates every internal cycle (twice per cycle at speedup 2); here allocation runs when
 * something at the switch changed, and an input left unmatched by a round asks again at once in a new round, as it
 * would half a cycle later in BookSim. Every virtual channel has VOQs (the paper: only the data VC; its control VCs
 * carry one-flit packets, its speculative VC is FIFO). A packet that waited longer than its class may is dropped (or
 * turned into its reply) when it is the front of its VOQ, not once it has entered an output buffer.
 */
final class VoqSwitch extends SwitchModel {
    private final Fabric fabric;
    private final Flits flits;
    private final SwitchPorts ports;
    private final int vcs;
    private final int speedup;
    private final long routerDelay;
    private final int maxOutputs;
    private final int words;
    /** VOQs per (input buffer, output position): the packets, bytes, and a bit per non-empty VOQ. */
    private final FlitQueues voqs;
    private final long[] voqBytes;
    private final long[] voqMask;
    /** Packets waiting in each input channel's VOQs. */
    private final int[] waiting;
    /** When each input channel's crossbar port, and each output channel's, is free again. */
    private final long[] inputFree;
    private final long[] crossbarFree;
    private final int[] vcPointer;
    /** Per switch, the decision already asked for in the future. */
    private final long[] wakeAt;
    private final OutputBuffers staged;
    private final CrossbarTransfers transfers;
    private final SeparableAllocator allocator;
    private final int[] laneBytes;
    /** One allocation round's requests, {@code [input * outputs + output]}: priority, input buffer, output VC. */
    private final int[] pri;
    private final int[] reqBuffer;
    private final int[] reqVc;
    /** The inputs with a request in the round, and whether each has one; the allocator's match per output. */
    private final int[] requesting;
    private final boolean[] asked;
    private final int[] match;

    VoqSwitch(Engine engine) {
        super(engine);
        VoqRouter router = engine.config.voqRouter();
        speedup = router.speedup();
        routerDelay = engine.config.routerDelayPs();
        fabric = engine.fabric;
        ports = new SwitchPorts(fabric);
        vcs = fabric.vcs;
        flits = engine.flits;
        maxOutputs = Math.max(1, ports.maxOutputs);
        words = (maxOutputs + 63) >>> 6;
        int buffers = fabric.channels * vcs;
        voqs = new FlitQueues(buffers * maxOutputs);
        voqBytes = new long[buffers * maxOutputs];
        voqMask = new long[buffers * words];
        waiting = new int[fabric.channels];
        inputFree = new long[fabric.channels];
        crossbarFree = new long[fabric.channels];
        vcPointer = new int[fabric.channels];
        wakeAt = new long[fabric.switches];
        staged = new OutputBuffers(fabric.channels, vcs, router.outputBufferBytes());
        transfers = new CrossbarTransfers(fabric.switches);
        int[] in = new int[fabric.switches];
        int[] out = new int[fabric.switches];
        for (int u = 0; u < fabric.switches; u++) {
            in[u] = ports.inputs[u].length;
            out[u] = ports.outputs[u].length;
        }
        allocator = new SeparableAllocator(in, out);
        laneBytes = new int[Math.max(16, fabric.lanes)];
        int mostIn = java.util.Arrays.stream(in).max().orElse(0);
        pri = new int[mostIn * maxOutputs];
        java.util.Arrays.fill(pri, SeparableAllocator.NONE);
        reqBuffer = new int[pri.length];
        reqVc = new int[pri.length];
        requesting = new int[mostIn];
        asked = new boolean[mostIn];
        match = new int[maxOutputs];
    }

    @Override
    void arrive(int f, int c, int b, long now) {
        flits.eligible(f, now + routerDelay);
        enqueue(f, b);
        schedule(fabric.chDst[c], now + routerDelay);
    }

    private void enqueue(int f, int b) {
        Flits p = flits;
        int k = ports.outIndex[p.out(f)];
        int q = b * maxOutputs + k;
        if (voqs.append(p, q, f)) {
            voqMask[b * words + (k >>> 6)] |= 1L << k;
        }
        voqBytes[q] += p.bytes(f);
        waiting[b / vcs]++;
    }

    /** Takes the front packet out of input buffer b's VOQ for output position k. */
    private int take(int b, int k) {
        Flits p = flits;
        int q = b * maxOutputs + k;
        int f = voqs.pop(p, q);
        if (voqs.front(q) < 0) {
            voqMask[b * words + (k >>> 6)] &= ~(1L << k);
        }
        voqBytes[q] -= p.bytes(f);
        waiting[b / vcs]--;
        return f;
    }

    @Override
    long queuedAhead(int f, int b) {
        return voqBytes[b * maxOutputs + ports.outIndex[flits.out(f)]];
    }

    @Override
    void outputFree(int c, long now) {
        staged.sent(c);
        schedule(fabric.chSrc[c], now);
    }

    @Override
    void senderMayGo(int c, long now) {
        schedule(fabric.chSrc[c], now);
    }

    /** Asks for a decision of switch u at {@code at}, unless one no later is already asked for. */
    private void schedule(int u, long at) {
        if (at <= engine.now) {
            engine.decideNow(u);
        } else if (wakeAt[u] <= engine.now || wakeAt[u] > at) {
            wakeAt[u] = at;
            engine.decideAt(u, at);
        }
    }

    @Override
    void decide(int u, long now) {
        int nIn = ports.inputs[u].length;
        int nOut = ports.outputs[u].length;
        long wake = transfers.finish(u, now, engine);
        int granted;
        do {
            int count = 0;
            for (int i = 0; i < nIn; i++) {
                int c = ports.inputs[u][i];
                if (waiting[c] == 0) {
                    continue;
                }
                if (inputFree[c] > now) {
                    wake = Math.min(wake, inputFree[c]);
                    continue;
                }
                wake = requestInput(u, i, c, nOut, wake, now);
                if (asked[i]) {
                    requesting[count++] = i;
                }
            }
            granted = 0;
            if (count > 0) {
                allocator.match(u, nIn, nOut, pri, requesting, count, match);
                for (int j = 0; j < nOut; j++) {
                    int i = match[j];
                    if (i >= 0) {
                        granted++;
                        wake = grant(u, ports.inputs[u][i], ports.outputs[u][j], reqBuffer[i * nOut + j],
                                reqVc[i * nOut + j], wake, now);
                    }
                }
                for (int k = 0; k < count; k++) {
                    int i = requesting[k];
                    java.util.Arrays.fill(pri, i * nOut, (i + 1) * nOut, SeparableAllocator.NONE);
                    asked[i] = false;
                }
            }
            if (granted == count) {
                break;
            }
        } while (granted > 0);
        for (int j = 0; j < nOut; j++) {
            send(ports.outputs[u][j], now);
        }
        if (wake != Long.MAX_VALUE) {
            schedule(u, wake);
        }
    }

    /** The front of every VOQ of input i (channel c) asks for its output, each VC from the input's pointer on. */
    private long requestInput(int u, int i, int c, int nOut, long wake, long now) {
        for (int t = 0; t < vcs; t++) {
            int v = vcPointer[c] + t < vcs ? vcPointer[c] + t : vcPointer[c] + t - vcs;
            int b = c * vcs + v;
            for (int w = 0; w < words; w++) {
                for (long bits = voqMask[b * words + w]; bits != 0; bits &= bits - 1) {
                    wake = request(u, i, b, (w << 6) + Long.numberOfTrailingZeros(bits), nOut, wake, now);
                }
            }
        }
        return wake;
    }

    /**
     * The front of input buffer b's VOQ for output position k (input i of switch u) asks for its output if it may go
     * now; returns the earliest time something blocked here may go ({@code wake} when sooner).
     */
    private long request(int u, int i, int b, int k, int nOut, long wake, long now) {
        Flits p = flits;
        int f = voqs.front(b * maxOutputs + k);
        while (f >= 0 && engine.expired(f, now)) {
            take(b, k);
            if (engine.expire(f, u, now)) {
                enqueue(f, b);
                engine.decideNow(u);
            }
            f = voqs.front(b * maxOutputs + k);
        }
        if (f < 0) {
            return wake;
        }
        if (p.eligible(f) > now) {
            return Math.min(wake, p.eligible(f));
        }
        int o = ports.outputs[u][k];
        if (crossbarFree[o] > now) {
            return Math.min(wake, crossbarFree[o]);
        }
        int lane = engine.lane(f);
        int ov = outputVc(o, lane, p.bytes(f));
        if (ov < 0) {
            return Math.min(wake, engine.expiryTime(f));
        }
        int r = i * nOut + k;
        int priority = fabric.lanePriority[lane];
        if (pri[r] == SeparableAllocator.NONE || priority < pri[r]) {
            pri[r] = priority;
            reqBuffer[r] = b;
            reqVc[r] = ov;
            asked[i] = true;
        }
        return wake;
    }

    /** A virtual channel of {@code lane} on output o with credit and output buffer room for {@code bytes}, or -1. */
    private int outputVc(int o, int lane, int bytes) {
        int first = fabric.laneFirstVc[lane];
        for (int v = first; v < first + fabric.laneVcCount[lane]; v++) {
            if (staged.fits(o, v, bytes) && engine.flowControl.canSend(o, v, bytes)) {
                return v;
            }
        }
        return -1;
    }

    /** The front of input buffer b crosses from input channel c to output o's buffer for virtual channel ov. */
    private long grant(int u, int c, int o, int b, int ov, long wake, long now) {
        Flits p = flits;
        int f = take(b, ports.outIndex[o]);
        int size = p.bytes(f);
        engine.flowControl.onSend(o, ov, size);
        staged.push(p, o, ov, f, size, now);
        long cross = (fabric.serPs(o, size) + speedup - 1) / speedup;
        long end = Math.max(now + cross, p.tailArrive(f));
        inputFree[c] = now + cross;
        crossbarFree[o] = end;
        transfers.add(u, b, size, end);
        vcPointer[c] = (b % vcs + 1) % vcs;
        return Math.min(wake, Math.min(now + cross, end));
    }

    /** Output o's link, when free, takes the front of one of its output buffers (the lane arbiter's choice). */
    private void send(int o, long now) {
        if (engine.busyUntil[o] > now) {
            return;
        }
        Flits p = flits;
        long ready = 0;
        for (int v = 0; v < vcs; v++) {
            int f = staged.front(o, v);
            if (f >= 0 && (ready & (1L << fabric.vcLane[v])) == 0) {
                ready |= 1L << fabric.vcLane[v];
                laneBytes[fabric.vcLane[v]] = p.bytes(f);
            }
        }
        int lane = ready == 0 ? -1 : engine.laneArbiter.pick(o, ready, laneBytes);
        if (lane < 0) {
            return;
        }
        int v = fabric.laneFirstVc[lane];
        while (staged.front(o, v) < 0) {
            v++;
        }
        int f = staged.pop(p, o, v, now);
        engine.transmit(o, f, v, p.buffer(f), true, now);
    }

    @Override
    void waits(WaitGraph g, long now) {
        Flits p = flits;
        for (int c = 0; c < fabric.channels; c++) {
            if (fabric.toHost(c) || waiting[c] == 0) {
                continue;
            }
            for (int b = c * vcs; b < (c + 1) * vcs; b++) {
                for (int k = 0; k < maxOutputs; k++) {
                    int f = voqs.front(b * maxOutputs + k);
                    if (f < 0) {
                        continue;
                    }
                    int o = p.out(f);
                    int lane = engine.lane(f);
                    if (fabric.toHost(o) || engine.pickVc(o, lane, p.bytes(f), false) >= 0) {
                        g.alive[b] = true;
                        continue;
                    }
                    for (int n = 0; n < fabric.laneVcCount[lane]; n++) {
                        g.edge(b, o * vcs + fabric.laneFirstVc[lane] + n);
                    }
                }
            }
        }
    }
}
