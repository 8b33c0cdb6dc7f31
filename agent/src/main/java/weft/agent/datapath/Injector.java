package weft.agent.datapath;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import weft.agent.path.PathPolicy;
import weft.agent.shaping.Backlog;
import weft.agent.shaping.InjectionScheduler;
import weft.agent.voq.Voq;
import weft.agent.voq.VoqTable;

/**
 * Drains the VOQs onto the wire: at each decision point the scheduler (Periodic Selection by default) picks a VOQ
 * whose head packet is within its token bucket, the VOQ's path policy picks a path, the packet is stamped with the
 * VOQ's next sequence number and the send time, and goes out over the path's tag socket.
 *
 * <p>Source: digest seed 004 §10.2 (egress pipeline: VOQ, pacer, resequencer stamp, load balancer, NIC) and §10.3
 * (event-loop pacer with nanoTime deadlines and batch release of due packets, not a coarse wheel timer); seed 000
 * §5.2 (Periodic Selection). A VOQ's rate is charged for the IP packet it puts on the wire
 * ({@link #wireBytes}), so a controller rate in bit/s is a rate of IP traffic.
 *
 * <p>Decision on timing (seed 004 digest §10.3: nanoTime deadlines, batch release of due packets). The loop keeps
 * a <em>decision clock</em> apart from the wall clock. Each decision (scheduler choice, token-bucket charge, Periodic
 * Selection slot) is taken at the time it was due, not at the time the thread happens to run: when a timer fires
 * late, or the thread was descheduled, every packet that fell due meanwhile is released in that wake-up, each
 * charged at its own due time. So the operating system's wake-up latency does not lower the rate, and the token
 * bucket stays exact with its small depth (a late wake-up otherwise finds the bucket full and throws away the
 * tokens of the time beyond its depth). Two kinds of lost time are thus kept apart:
 * <ul>
 *   <li>a slot in which no flow may send (empty VOQ, token bucket not conforming, rate 0) is lost, as the paper
 *       says (seed 000 §5.2.1 rule 3): the schedulers see it in decision time and restart the period;</li>
 *   <li>a late wake-up of the host is an artefact of the OS timer and is made up, but only for the last
 *       {@link #CATCH_UP_NANOS}; a stall longer than that loses the excess (counted in {@link #lostNanos()}),
 *       which bounds the catch-up burst to {@code rate x CATCH_UP_NANOS} per source.</li>
 * </ul>
 * A decision made possible by new data or a new rate is taken at the current time, so idle time is never banked.
 * The packet's shim timestamp is the real send time, so delays measured at the receiver are true.
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
    private final Runnable runTask = this::run;
    private long wakeAt = Long.MAX_VALUE;
    private long dueAt = Long.MAX_VALUE;
    private long lostNanos;
    private boolean queued;

    Injector(EventLoop loop, VoqTable voqs, InjectionScheduler scheduler, DataSender sender, AgentClock clock,
             long srcKey, Runnable afterRun) {
        this.loop = loop;
        this.voqs = voqs;
        this.scheduler = scheduler;
        this.sender = sender;
        this.clock = clock;
        this.srcKey = srcKey;
        this.afterRun = afterRun;
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
        return policies.computeIfAbsent(name, n -> PathPolicy.create(n, voqs.capacity(), 256, srcKey,
                new SplittableRandom(srcKey ^ n.hashCode())));
    }

    void setRate(Voq v, long bitsPerSecond, long nowNanos) {
        v.bucket().setRate(bitsPerSecond, nowNanos);
        scheduler.setRate(v.index(), bitsPerSecond);
    }

    /** Wake-up lateness beyond {@link #CATCH_UP_NANOS} that could not be made up, in total. */
    long lostNanos() {
        return lostNanos;
    }

    private void run() {
        queued = false;
        long now = clock.nanoTime();
        if (wakeAt != Long.MAX_VALUE && now - wakeAt >= 0) {
            wakeAt = Long.MAX_VALUE; // the armed timer is due (or this run makes it moot)
        }
        long t = decisionTime(now);
        int sent = 0;
        while (sent < BATCH) {
            int f = scheduler.select(this, t);
            if (f < 0) {
                long next = scheduler.nextSelectNanos(this, t);
                if (next == Long.MAX_VALUE || next - now > 0 || next - t <= 0) {
                    break;
                }
                t = next; // the next decision fell due while this run was late: take it at its own time
                continue;
            }
            Voq v = voqs.at(f);
            ByteBuf payload = v.poll();
            int wire = wireBytes(payload.readableBytes());
            v.bucket().tryConsume(wire, t);
            int[] tags = v.tags();
            int path = tags.length <= 1 ? 0 : policy(v.policy()).choose(f, tags.length, wire);
            int seq = v.stampSent(wire);
            sender.send(v, path, tags.length == 0 ? 0 : tags[path], seq, clock.toEpoch(now), payload);
            scheduler.sent(f, wire, t);
            sent++;
            now = clock.nanoTime();
        }
        if (sent > 0) {
            sender.flush();
            afterRun.run();
        }
        long next = scheduler.nextSelectNanos(this, t);
        dueAt = next;
        if (next == Long.MAX_VALUE) {
            return;
        }
        long delay = next - now;
        if (delay < SPIN_NANOS) {
            kick();
        } else if (wakeAt == Long.MAX_VALUE || next - wakeAt < 0) {
            wakeAt = next;
            loop.schedule(runTask, delay, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * The time this run's first decision is taken at: the pending decision's due time when it has passed (a late
     * wake-up, made up to {@link #CATCH_UP_NANOS}), otherwise now.
     */
    private long decisionTime(long now) {
        long due = dueAt;
        dueAt = Long.MAX_VALUE;
        if (due == Long.MAX_VALUE || now - due <= 0) {
            return now;
        }
        long late = now - due;
        if (late <= CATCH_UP_NANOS) {
            return due;
        }
        lostNanos += late - CATCH_UP_NANOS;
        return now - CATCH_UP_NANOS;
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
        return v.bucket().conformingAtNanos(wire, nowNanos) - nowNanos <= 0 ? wire : 0;
    }

    @Override
    public long earliestReadyNanos(long nowNanos) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < voqs.span(); i++) {
            Voq v = voqs.at(i);
            if (v != null && v.sizePackets() > 0 && scheduler.rate(i) > 0) {
                long at = v.bucket().conformingAtNanos(wireBytes(v.headBytes()), nowNanos);
                if (at != Long.MAX_VALUE && (best == Long.MAX_VALUE || at - best < 0)) {
                    best = at;
                }
            }
        }
        return best;
    }
}
