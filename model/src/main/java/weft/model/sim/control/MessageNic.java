package weft.model.sim.control;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import weft.model.sim.HostLink;
import weft.model.sim.Nic;
import weft.model.sim.SimPacket;

/**
 * A host of seed 001's evaluation (§3): it makes messages (its {@link MessageTraffic.HostPlan}), keeps one flow
 * queue per destination ("similar to InfiniBand"), lets the queues take turns at the link round robin, and sends
 * its control packets (one flit each) before any data. What a queue may send when is the control scheme's
 * ({@link #trySend}); so is what the host does with what arrives ({@link #onData}, {@link #onControl}).
 *
 * <p>Foreground messages arrive as a Bernoulli process over flit times at the plan's load (BookSim's injection
 * process, per message); a host refuses a foreground message when that destination's queue already holds
 * {@code queueLimitPackets} (offered but not accepted). Decision: the paper's injection queues grow without bound
 * (§3); a bound per destination keeps memory finite and refuses only messages to destinations whose queue is not
 * being served, so the flows that are served see the paper's unbounded queues. Hotspot senders keep two messages
 * queued for each hotspot.
 */
abstract class MessageNic implements Nic {
    /** Messages a saturating hotspot sender keeps queued per hotspot. */
    static final int HOTSPOT_DEPTH = 2;
    /** Tag of measured data (the flow field of its packets). */
    static final int MEASURED = 0;
    /** Tag of background data. */
    static final int BACKGROUND = 1;

    final int host;
    final ControlSetup setup;
    final ControlStats stats;
    final SplittableRandom random;
    private final MessageTraffic.HostPlan plan;
    private final int packetBytes;
    private final long slotPs;
    private final double logMiss;
    private long nextArrival;
    private long flowSeq;
    /** Destinations that may send now, in the order they take turns; {@code slot[d]} its index or -1. */
    private final int[] turns;
    private final int[] slot;
    private int turnCount;
    private int turn;
    /** Destinations that may send later, earliest first (entries may be stale). */
    private final PriorityQueue<Later> later = new PriorityQueue<>(Comparator.comparingLong(Later::at)
            .thenComparingInt(Later::dst));
    private final ArrayDeque<Control> controlNow = new ArrayDeque<>();
    private final PriorityQueue<Control> controlLater = new PriorityQueue<>((a, b) -> a.at != b.at
            ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
    private long controlSeq;

    /** Destination {@code dst} may send from {@code at}, in picoseconds. */
    private record Later(long at, int dst) {
    }

    /** A control packet of {@code bytes} waiting to go: to a host, or ({@code host < 0}) to switch {@code sw}. */
    private record Control(int host, int sw, int cls, int bytes, Object payload, long at, long seq) {
    }

    MessageNic(int host, ControlSetup setup, ControlStats stats, MessageTraffic.HostPlan plan, long seed) {
        this.host = host;
        this.setup = setup;
        this.stats = stats;
        this.plan = plan;
        this.random = new SplittableRandom(seed);
        this.packetBytes = setup.packetBytes();
        int hosts = setup.net().hosts();
        turns = new int[hosts];
        slot = new int[hosts];
        java.util.Arrays.fill(slot, -1);
        slotPs = setup.cyclePs();
        double p = plan.foreground() == null ? 0
                : setup.traffic().load() / (setup.traffic().size().mean() * setup.packetFlits());
        logMiss = p >= 1 ? Double.NEGATIVE_INFINITY : Math.log1p(-p);
        nextArrival = plan.foreground() == null ? Long.MAX_VALUE : gap() - slotPs;
    }

    /** Time to the next foreground message: a geometric number of flit slots. */
    private long gap() {
        long slots = 1;
        if (logMiss != Double.NEGATIVE_INFINITY) {
            slots = 1 + (long) Math.floor(Math.log(1 - random.nextDouble()) / logMiss);
        }
        return slots * slotPs;
    }

    /**
     * A new message of {@code packets} to {@code dst} joins its queue.
     *
     * @param message this host's message number, from 0
     */
    abstract void submit(int dst, long message, int packets, int tag, long createdPs, long now);

    /**
     * Sends one data packet of the queue to {@code dst} if it may go now; true when it did. A scheme whose queue
     * changes otherwise (a grant, an acknowledgement) calls {@link #touch}.
     */
    abstract boolean trySend(int dst, HostLink link, long now);

    /** The earliest time the queue to {@code dst} may send, {@link Long#MAX_VALUE} when only an event can tell. */
    abstract long readyAt(int dst, long now);

    /** Packets of the queue to {@code dst} not yet sent (or, under CRP, not yet acknowledged). */
    abstract long backlogPackets(int dst);

    /** A data packet arrived here (after it was counted). */
    abstract void onData(SimPacket p, long now);

    /** A control packet arrived here. */
    abstract void onControl(SimPacket p, long now);

    /** Queues a control packet (one flit) to host {@code to}, to leave no earlier than {@code at}. */
    final void control(int to, int cls, Object payload, long at) {
        control(to, cls, setup.controlBytes(), payload, at);
    }

    /** Likewise, a control packet of {@code bytes}. */
    final void control(int to, int cls, int bytes, Object payload, long at) {
        queueControl(new Control(to, -1, cls, bytes, payload, at, controlSeq++));
    }

    /** Queues a control packet addressed to switch {@code sw}. */
    final void controlToSwitch(int sw, int cls, Object payload, long at) {
        queueControl(new Control(-1, sw, cls, setup.controlBytes(), payload, at, controlSeq++));
    }

    private void queueControl(Control c) {
        controlLater.add(c);
    }

    /** Makes the messages due by {@code now} and keeps the hotspot queues topped up. */
    private void generate(long now) {
        while (nextArrival <= now) {
            int dst = plan.foreground().next(random);
            int packets = setup.traffic().size().draw(random);
            long bytes = (long) packets * packetBytes;
            if (dst >= 0) {
                boolean room = backlogPackets(dst) + packets <= setup.queueLimitPackets();
                stats.offered(host, bytes, nextArrival, room);
                if (room) {
                    enqueue(dst, packets, MEASURED, nextArrival, now);
                }
            }
            nextArrival += gap();
        }
        if (plan.hotspots().length > 0 && now >= plan.hotspotStartPs()) {
            int tag = plan.hotspotsMeasured() ? MEASURED : BACKGROUND;
            long depth = (long) HOTSPOT_DEPTH * setup.traffic().size().max();
            for (int spot : plan.hotspots()) {
                while (backlogPackets(spot) < depth) {
                    int packets = setup.traffic().size().draw(random);
                    if (tag == MEASURED) {
                        stats.offered(host, (long) packets * packetBytes, now, true);
                    }
                    enqueue(spot, packets, tag, now, now);
                }
            }
        }
    }

    private void enqueue(int dst, int packets, int tag, long created, long now) {
        submit(dst, flowSeq++, packets, tag, created, now);
        touch(dst, now);
    }

    /**
     * The queue to {@code dst} may have changed (something queued, sent, granted, acknowledged): it takes turns
     * while it may send, waits for its time otherwise.
     */
    final void touch(int dst, long now) {
        long at = backlogPackets(dst) == 0 ? Long.MAX_VALUE : readyAt(dst, now);
        if (at <= now) {
            if (slot[dst] < 0) {
                slot[dst] = turnCount;
                turns[turnCount++] = dst;
            }
            return;
        }
        if (slot[dst] >= 0) {
            remove(dst);
        }
        if (at != Long.MAX_VALUE) {
            later.add(new Later(at, dst));
        }
    }

    /** A time the scheme wants to be called at besides its queues' (its timeouts), MAX_VALUE when none. */
    long wakeAlso() {
        return Long.MAX_VALUE;
    }

    /** Called first whenever the host may send (timeouts of the scheme). */
    void tick(long now) {
    }

    @Override
    public final void inject(HostLink link, long nowPs) {
        tick(nowPs);
        generate(nowPs);
        while (!controlLater.isEmpty() && controlLater.peek().at <= nowPs) {
            controlNow.add(controlLater.poll());
        }
        while (!later.isEmpty() && later.peek().at <= nowPs) {
            touch(later.poll().dst, nowPs);
        }
        Control c = controlNow.peek();
        if (c != null) {
            boolean room = c.host >= 0 ? link.canSend(c.host, c.cls, c.bytes)
                    : link.canSendToSwitch(c.sw, c.cls, c.bytes);
            if (room) {
                controlNow.poll();
                if (c.host >= 0) {
                    link.send(c.host, c.bytes, c.cls, -1, c.payload, true, nowPs);
                } else {
                    link.sendToSwitch(c.sw, c.bytes, c.cls, c.payload);
                }
                stats.sent(c.bytes, true, false, nowPs);
                return;
            }
        }
        for (int k = 0; k < turnCount; k++) {
            int i = turn + k < turnCount ? turn + k : turn + k - turnCount;
            int dst = turns[i];
            if (trySend(dst, link, nowPs)) {
                turn = i + 1 >= turnCount ? 0 : i + 1;
                touch(dst, nowPs);
                return;
            }
        }
    }

    /** Takes {@code dst} out of the turns (its queue is empty). */
    private void remove(int dst) {
        int i = slot[dst];
        int last = turns[--turnCount];
        turns[i] = last;
        slot[last] = i;
        slot[dst] = -1;
        if (turn >= turnCount) {
            turn = 0;
        }
    }

    @Override
    public final long wakePs(long nowPs) {
        long at = nextArrival;
        if (plan.hotspots().length > 0 && plan.hotspotStartPs() > nowPs) {
            at = Math.min(at, plan.hotspotStartPs());
        }
        if (!controlLater.isEmpty()) {
            at = Math.min(at, controlLater.peek().at);
        }
        if (!later.isEmpty()) {
            at = Math.min(at, later.peek().at);
        }
        return Math.min(at, wakeAlso());
    }

    @Override
    public final void received(SimPacket p, long nowPs) {
        if (p.control()) {
            onControl(p, nowPs);
            return;
        }
        stats.arrived(p.bytes(), nowPs);
        if (p.flow() == MEASURED) {
            stats.delivered(p.src(), p.bytes(), p.injectedPs(), nowPs);
        }
        onData(p, nowPs);
    }
}
