package weft.model.sim;

import weft.model.host.reseq.HybridResequencer;

/**
 * The receiving side of the hosts: each packet that reaches its destination host leaves the network stack there,
 * directly or, with {@link SimConfig#resequence()}, through the host's {@link HybridResequencer} (the agent's,
 * seed 004 §3.4, late-packet mode {@code DELIVER_LATE}, {@value #QUEUE} packets per sender). A sender is a flow (flow
 * workloads) or a source host (open loop); its sequence numbers count per destination (made by {@link Hosts}), its
 * timestamp is the packet's injection time.
 */
final class Receivers {
    /** Packets a resequencer holds per sender. */
    static final int QUEUE = 16;
    /** Most hosts for resequencing open-loop traffic (every receiver tracks every sender). */
    static final int MAX_OPEN_LOOP_RESEQUENCING = 1024;

    /** Told about every packet delivered to a host (flow bookkeeping, phases). */
    interface Delivery {
        void delivered(int packetFlit, long now);
    }

    private final Engine engine;
    private final Flits flits;
    private final HybridResequencer<Integer>[] resequencers;
    /** Time of each host's pending resequencer timer event, {@link Long#MAX_VALUE} when none. */
    private final long[] timerAt;
    /** Senders each host receives from (flow workloads), 0 when unknown (every host). */
    private final int[] sendersOf;
    private Delivery delivery;

    /**
     * @param queueDst destination host of each host queue, -1 for a mixed FIFO (counts each host's senders)
     * @param openLoop whether senders are source hosts (open loop) rather than flows
     * @throws IllegalArgumentException when open-loop resequencing would track too many senders
     */
    Receivers(Engine engine, int[] queueDst, boolean openLoop) {
        this.engine = engine;
        this.flits = engine.flits;
        int hosts = engine.fabric.hosts;
        boolean on = engine.config.resequence();
        if (on && openLoop && hosts > MAX_OPEN_LOOP_RESEQUENCING) {
            throw new IllegalArgumentException("resequencing open-loop traffic keeps every sender's state at every "
                    + "receiver; " + hosts + " hosts are more than " + MAX_OPEN_LOOP_RESEQUENCING + " (use flows)");
        }
        resequencers = on ? newResequencers(hosts) : null;
        timerAt = new long[on ? hosts : 0];
        java.util.Arrays.fill(timerAt, Long.MAX_VALUE);
        sendersOf = new int[hosts];
        if (on) {
            for (int dst : queueDst) {
                if (dst >= 0) {
                    sendersOf[dst]++;
                }
            }
        }
    }

    void onDelivery(Delivery d) {
        this.delivery = d;
    }

    /** The tail of packet f reached its destination host: delivered, or handed to the host's resequencer. */
    void receive(int f, long now) {
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
    void release(int f, long now) {
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
            int senders = Math.max(1, sendersOf[h] > 0 ? sendersOf[h] : engine.fabric.hosts);
            r = new HybridResequencer<>(senders, QUEUE, 0, HybridResequencer.LateMode.DELIVER_LATE,
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
}
