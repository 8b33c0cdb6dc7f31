package weft.model.sim;

import weft.model.host.shaping.Backlog;
import weft.model.host.shaping.InjectionScheduler;

/**
 * Injection at calculated rates with the agent's own schedulers ({@link InjectionScheduler}: Periodic Selection or
 * Shaped Virtual Clock, seed 000 §5.2, seed 003 §6): one scheduler per host over its flows' queues, each flow at the
 * rate an allocator assigned it. The simulator's picosecond clock is handed to the scheduler in nanoseconds (rounded
 * down), the unit the agent uses; the scheduler's next slot is woken up in picoseconds.
 *
 * <p>What the scheduler sees: a flow is backlogged while it has bytes queued, and its head packet is ready when it
 * could be put on the host link now (the link is free and the next buffer has room), so back-pressure holds the
 * injector and a slot it loses is not made up (PS rule 3).
 */
public final class RatedInjection implements InjectionPolicy {
    private final InjectionScheduler scheduler;
    private final QueueBacklog backlog = new QueueBacklog();

    private RatedInjection(InjectionScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /**
     * Hosts that inject with the scheduler named {@code name} ({@code ps} or {@code svc}) at the given rates.
     *
     * @param gbpsPerFlow rate of every flow of the workload, in Gbit/s, by flow index
     * @throws IllegalArgumentException for an unknown scheduler name
     */
    public static InjectionPolicy.Factory factory(String name, double[] gbpsPerFlow) {
        InjectionScheduler.create(name, 1);
        double[] rates = gbpsPerFlow.clone();
        return (host, queues, seed) -> {
            InjectionScheduler s = InjectionScheduler.create(name, Math.max(1, queues.count()));
            for (int q = 0; q < queues.count(); q++) {
                int f = queues.flow(q);
                if (f < 0 || f >= rates.length) {
                    throw new IllegalArgumentException("rated injection needs flows; queue " + q + " of host " + host
                            + " has none");
                }
                s.setRate(q, Math.round(rates[f] * 1e9));
            }
            return new RatedInjection(s);
        };
    }

    /** A host's injection over {@code queues} flows with the scheduler named {@code name}, every rate 0 until set. */
    static RatedInjection unrated(String name, int queues) {
        return new RatedInjection(InjectionScheduler.create(name, Math.max(1, queues)));
    }

    /** Sets the rate of queue q (0 takes it out of the schedule), as the agent does when the controller pushes it. */
    void setRate(int q, long bitsPerSecond) {
        scheduler.setRate(q, bitsPerSecond);
    }

    @Override
    public int select(HostQueues queues, long nowPs) {
        backlog.queues = queues;
        return scheduler.select(backlog, nowPs / 1000);
    }

    @Override
    public long wakePs(HostQueues queues, long nowPs) {
        backlog.queues = queues;
        long next = scheduler.nextSelectNanos(backlog, nowPs / 1000);
        return next == Long.MAX_VALUE ? Long.MAX_VALUE : next * 1000;
    }

    @Override
    public void sent(int queue, int bytes, long nowPs) {
        scheduler.sent(queue, bytes, nowPs / 1000);
    }

    /** The host's queues as the scheduler's {@link Backlog}. */
    private static final class QueueBacklog implements Backlog {
        private HostQueues queues;

        @Override
        public boolean backlogged(int flow) {
            return queues.backlogBytes(flow) > 0;
        }

        @Override
        public int readyBytes(int flow, long nowNanos) {
            return queues.backlogBytes(flow) > 0 && queues.canSend(flow) ? queues.frontBytes(flow) : 0;
        }

        @Override
        public long earliestReadyNanos(long nowNanos) {
            for (int q = 0; q < queues.count(); q++) {
                if (queues.backlogBytes(q) > 0 && queues.canSend(q)) {
                    return nowNanos;
                }
            }
            return Long.MAX_VALUE;
        }
    }
}
