package weft.model.rate.distributed;

import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Delivers messages at the times a fabric's links and packet processors allow, for how long a distributed calculation
 * takes rather than what it computes. Each message takes a {@link Leg} to its node: it waits for its link (links
 * serialise their messages first come first served), is serialised, travels a fixed latency (propagation, routing),
 * then waits for its processor (one message at a time, first come first served in order of arrival) and is processed;
 * its node handles it when processing ends, and what the node sends leaves at that instant. Time only increases
 * (every event is at or after the one being handled), ties go in the order the events were made, and every message
 * sent is delivered exactly once. Time is in picoseconds; nodes are told it in nanoseconds, rounded down.
 *
 * <p>The model of seed 000 §6.4 (Table 6.2: special packets with absolute priority over data, processed one at a time
 * per port in dedicated hardware) is {@link DffaTiming}; data traffic is not modelled, as those packets preempt it.
 *
 * @param <M> message type
 */
public final class TimedScheduler<M> implements Delivery<M> {
    /**
     * How one message reaches its node.
     *
     * @param link           the link it crosses ({@code 0..links-1}), or -1 for none (a node sending to itself)
     * @param serialisePicos its transmission time on that link
     * @param latencyPicos   fixed time after transmission: propagation, routing, a path it takes without queueing
     * @param processor      the processor that handles it at its node ({@code 0..processors-1}), or -1 for none
     * @param processPicos   its processing time there
     */
    public record Leg(int link, long serialisePicos, long latencyPicos, int processor, long processPicos) {
        public Leg {
            if (link < -1 || processor < -1 || serialisePicos < 0 || latencyPicos < 0 || processPicos < 0) {
                throw new IllegalArgumentException("leg: link " + link + " and processor " + processor
                        + " must be >= -1 and every time >= 0, got " + serialisePicos + ", " + latencyPicos + ", "
                        + processPicos + " ps");
            }
        }
    }

    /** The timing model: the leg each message takes to its node. */
    @FunctionalInterface
    public interface Timing<M> {
        Leg leg(Envelope<M> message);
    }

    private record Event<M>(long at, long sequence, boolean arrived, Envelope<M> envelope, Leg leg) {
    }

    private final List<? extends Node<M>> nodes;
    private final Timing<M> timing;
    private final long[] linkFree;
    private final long[] processorFree;
    private final PriorityQueue<Event<M>> events = new PriorityQueue<>(
            Comparator.<Event<M>>comparingLong(Event::at).thenComparingLong(Event::sequence));
    private long now;
    private long sequence;
    private long delivered;

    /**
     * @param nodes      the participants, addressed by index
     * @param links      links the legs may name
     * @param processors processors the legs may name
     * @param timing     each message's leg
     */
    public TimedScheduler(List<? extends Node<M>> nodes, int links, int processors, Timing<M> timing) {
        this.nodes = List.copyOf(nodes);
        this.timing = timing;
        this.linkFree = new long[links];
        this.processorFree = new long[processors];
    }

    /** Queues messages leaving now: each takes its link when the link is free, in the order given. */
    @Override
    public void send(List<Envelope<M>> messages) {
        for (Envelope<M> e : messages) {
            Delivery.checkAddress(e, nodes.size());
            Leg leg = timing.leg(e);
            if (leg.link() >= linkFree.length || leg.processor() >= processorFree.length) {
                throw new IllegalArgumentException("message " + e.message() + ": " + leg + " names a link or "
                        + "processor outside 0.." + (linkFree.length - 1) + " / 0.." + (processorFree.length - 1));
            }
            long start = leg.link() < 0 ? now : Math.max(now, linkFree[leg.link()]);
            if (leg.link() >= 0) {
                linkFree[leg.link()] = start + leg.serialisePicos();
            }
            long at = start + leg.serialisePicos() + leg.latencyPicos();
            events.add(new Event<>(at, sequence++, leg.processor() >= 0, e, leg));
        }
    }

    /** Handles the next event (an arrival at a processor or a delivery); returns false when none is pending. */
    @Override
    public boolean step() {
        Event<M> e = events.poll();
        if (e == null) {
            return false;
        }
        now = e.at();
        if (e.arrived()) {
            int p = e.leg().processor();
            long start = Math.max(now, processorFree[p]);
            processorFree[p] = start + e.leg().processPicos();
            events.add(new Event<>(processorFree[p], sequence++, false, e.envelope(), e.leg()));
            return true;
        }
        delivered++;
        send(nodes.get(e.envelope().to()).onMessage(e.envelope().message(), now / 1000));
        return true;
    }

    @Override
    public long delivered() {
        return delivered;
    }

    @Override
    public long nowPicos() {
        return now;
    }
}
