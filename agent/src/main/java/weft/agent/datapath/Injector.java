package weft.agent.datapath;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import weft.agent.voq.Voq;
import weft.agent.voq.VoqTable;
import weft.model.crp.VoqReservation;
import weft.model.host.path.PathPolicy;
import weft.model.host.shaping.Backlog;
import weft.model.host.shaping.InjectionScheduler;
import weft.model.host.shaping.PacingLoop;

/**
 * Drains the VOQs onto the wire: at each decision point the scheduler (Periodic Selection by default) picks a VOQ
 * whose head packet is within its token bucket, the VOQ's path policy picks a path, the packet is stamped with the
 * VOQ's next sequence number and the send time, and goes out over the path's tag socket.
 *
 * <p>Source: seed 004 App. A and §4.5.3, with Weft's egress pipeline (VOQ, pacer, resequencer stamp, load balancer,
 * NIC) and event-loop pacer (nanoTime deadlines and batch release of due packets, not a coarse wheel timer) described
 * in docs/sources.md; seed 000 §5.2 (Periodic Selection). A VOQ's rate is charged for the IP packet it puts on the wire
 * ({@link #wireBytes}), so a controller rate in bit/s is a rate of IP traffic.
 *
 * <p>Decision on timing: decisions are taken at their due times by a {@link PacingLoop} (nanoTime deadlines, batch
 * release of due packets), so late wake-ups of this thread do not lower the rate; up to {@link #CATCH_UP_NANOS} of
 * lateness is made up. The shim timestamp is the real send time, so delays measured at the receiver are true. A VOQ
 * that sends reserved bytes is the exception: its grant pacer is asked at the time the packets leave (the wake-up's
 * clock, {@code sendAt}), never at an earlier decision time, because a slot's bytes may leave only inside the slot's
 * window (docs/crp.md §9); what fell due meanwhile inside the window still goes, the scheduler's catch-up rate for it
 * set by {@link ReservedVoqs}.
 *
 * <p>The loop re-arms itself with {@code EventLoop.schedule} (timerfd on epoll, nanosecond resolution) when the
 * next decision is at least {@link #SPIN_NANOS} away, and re-queues itself at once when it is closer.
 */
final class Injector implements Backlog {
    static final long SPIN_NANOS = 20_000L;
    /** How much of a late wake-up is made up: 20 ms (timer and scheduling jitter of a busy host). */
    static final long CATCH_UP_NANOS = 20_000_000L;
    private static final int BATCH = 64;

    private final EventLoop loop;
    private final VoqTable voqs;
    private final InjectionScheduler scheduler;
    private final DataSender sender;
    private final AgentClock clock;
    private final Map<String, PathPolicy> policies = new HashMap<>();
    private final long srcKey;
    private final Runnable afterRun;
    private final ReservedVoqs reserved;
    private final Runnable runTask = this::run;
    private long wakeAt = Long.MAX_VALUE;
    /** The clock at this wake-up: when the packets of this run leave, the time reserved VOQs are judged at. */
    private long sendAt;
    private final PacingLoop pacing = new PacingLoop(CATCH_UP_NANOS);
    private final PacingLoop.Emitter emitter = this::emit;
    private boolean queued;

    Injector(EventLoop loop, VoqTable voqs, InjectionScheduler scheduler, DataSender sender, AgentClock clock,
             long srcKey, Runnable afterRun, ReservedVoqs reserved) {
        this.loop = loop;
        this.voqs = voqs;
        this.scheduler = scheduler;
        this.sender = sender;
        this.clock = clock;
        this.srcKey = srcKey;
        this.afterRun = afterRun;
        this.reserved = reserved;
    }

    /** IP bytes on the wire for a payload: payload + shim header + UDP (8) + IPv4 (20). */
    static int wireBytes(int payloadBytes) {
        return payloadBytes + ShimHeader.LENGTH + 28;
    }

    /** Asks for a decision as soon as possible (new data or new rates). Data-path thread only. */
    void kick() {
        if (!queued) {
            queued = true;
            loop.execute(runTask);
        }
    }

    PathPolicy policy(String name) {
        PathPolicy p = policies.get(name); // per packet when spraying: no capturing lambda on this path
        return p != null ? p : policies.computeIfAbsent(name, n -> PathPolicy.create(n, voqs.capacity(), 256, srcKey,
                new SplittableRandom(srcKey ^ n.hashCode())));
    }

    /** The VOQ's own rate; while it sends reserved bytes its grants set the bucket's, and this waits. */
    void setRate(Voq v, long bitsPerSecond, long nowNanos) {
        reserved.base(v.index(), bitsPerSecond);
        if (reserved.reserving(v.index(), nowNanos) == null) {
            v.bucket().setRate(bitsPerSecond, nowNanos);
            scheduler.setRate(v.index(), bitsPerSecond);
        }
    }

    /** Wake-up lateness beyond {@link #CATCH_UP_NANOS} that could not be made up, in total. */
    long lostNanos() {
        return pacing.lostNanos();
    }

    private void run() {
        queued = false;
        long now = clock.nanoTime();
        if (wakeAt != Long.MAX_VALUE && now - wakeAt >= 0) {
            wakeAt = Long.MAX_VALUE; // the armed timer is due (or this run makes it moot)
        }
        sendAt = now;
        reserved.rates(now, scheduler);
        int sent = pacing.run(now, scheduler, this, emitter, BATCH);
        if (sent > 0) {
            sender.flush();
            afterRun.run();
        }
        long next = pacing.nextDueNanos();
        if (next == Long.MAX_VALUE) {
            return;
        }
        now = clock.nanoTime();
        long delay = next - now;
        if (delay < SPIN_NANOS) {
            kick();
        } else if (wakeAt == Long.MAX_VALUE || next - wakeAt < 0) {
            wakeAt = next;
            loop.schedule(runTask, delay, TimeUnit.NANOSECONDS);
        }
    }

    /** Sends the head packet of VOQ {@code f}, charged to its bucket at the decision time {@code t}. */
    private int emit(int f, long t) {
        Voq v = voqs.at(f);
        int kind = v.headKind();
        ByteBuf payload = v.poll();
        int wire = wireBytes(payload.readableBytes());
        v.bucket().tryConsume(wire, t);
        VoqReservation c = reserved.reserving(f, sendAt);
        if (c != null) {
            c.pacer().sent(wire, sendAt);
        } else {
            reserved.unreserved(f, wire);
        }
        int[] tags = v.tags();
        int path = tags.length <= 1 ? 0 : policy(v.policy()).choose(f, tags.length, wire);
        int seq = v.stampSent(wire);
        sender.send(v, path, tags.length == 0 ? 0 : tags[path], seq, clock.toEpoch(clock.nanoTime()), kind, payload);
        return wire;
    }

    @Override
    public boolean backlogged(int flow) {
        Voq v = voqs.at(flow);
        return v != null && v.sizePackets() > 0;
    }

    @Override
    public int readyBytes(int flow, long nowNanos) {
        Voq v = voqs.at(flow);
        if (v == null || v.sizePackets() == 0) {
            return 0;
        }
        int wire = wireBytes(v.headBytes());
        VoqReservation c = reserved.reserving(flow, sendAt);
        if (c != null) {
            return c.pacer().ready(wire, sendAt) ? wire : 0;
        }
        return v.bucket().conformingAtNanos(wire, nowNanos) - nowNanos <= 0 ? wire : 0;
    }

    @Override
    public long earliestReadyNanos(long nowNanos) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < voqs.span(); i++) {
            Voq v = voqs.at(i);
            if (v == null || v.sizePackets() == 0) {
                continue;
            }
            VoqReservation c = reserved.reserving(i, sendAt);
            if (c != null || scheduler.rate(i) > 0) {
                int wire = wireBytes(v.headBytes());
                long at = c != null ? c.pacer().readyAt(wire, Math.max(nowNanos, sendAt))
                        : v.bucket().conformingAtNanos(wire, nowNanos);
                if (at != Long.MAX_VALUE && (best == Long.MAX_VALUE || at - best < 0)) {
                    best = at;
                }
            }
        }
        return best;
    }
}
