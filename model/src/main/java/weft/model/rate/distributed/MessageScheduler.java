package weft.model.rate.distributed;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;

/**
 * Delivers messages between {@link Node}s one at a time, deterministically: in FIFO order, or in an order drawn
 * from a seeded {@link RandomGenerator} (any pending message may go next, which covers every interleaving the
 * seeds' asynchronous proofs allow). Every message takes {@code hopNanos} from the delivery that sent it (links
 * work in parallel), so in FIFO order a message's delivery time is the length of the causal chain before it; the
 * time is passed to the nodes.
 *
 * @param <M> message type
 */
public final class MessageScheduler<M> implements Delivery<M> {
    private final List<? extends Node<M>> nodes;
    private final RandomGenerator random;
    private final long hopNanos;
    private final ArrayDeque<Timed<M>> fifo = new ArrayDeque<>();
    private final List<Timed<M>> pool = new ArrayList<>();
    private long now;
    private long delivered;

    private record Timed<M>(long at, Envelope<M> envelope) {
    }

    /**
     * @param nodes    the participants, addressed by index
     * @param random   {@code null} for FIFO delivery, else the source of the delivery order
     * @param hopNanos time one delivery takes
     */
    public MessageScheduler(List<? extends Node<M>> nodes, RandomGenerator random, long hopNanos) {
        this.nodes = List.copyOf(nodes);
        this.random = random;
        this.hopNanos = hopNanos;
    }

    /**
     * A scheduler over one node per link (addresses {@code 0..links-1}) followed by one per flow (addresses
     * {@code links..links+flows-1}), the layout of the link-and-source protocols, each delivery taking 1 µs.
     *
     * @param random {@code null} for FIFO delivery, else the source of the delivery order
     */
    public static <M> MessageScheduler<M> linksThenFlows(int links, IntFunction<Node<M>> link, int flows,
                                                         IntFunction<Node<M>> flow, RandomGenerator random) {
        List<Node<M>> nodes = new ArrayList<>(links + flows);
        for (int l = 0; l < links; l++) {
            nodes.add(link.apply(l));
        }
        for (int f = 0; f < flows; f++) {
            nodes.add(flow.apply(f));
        }
        return new MessageScheduler<>(nodes, random, 1_000);
    }

    /** Queues messages for delivery. */
    @Override
    public void send(List<Envelope<M>> messages) {
        for (Envelope<M> e : messages) {
            Delivery.checkAddress(e, nodes.size());
            Timed<M> t = new Timed<>(now + hopNanos, e);
            if (random == null) {
                fifo.add(t);
            } else {
                pool.add(t);
            }
        }
    }

    public boolean idle() {
        return fifo.isEmpty() && pool.isEmpty();
    }

    /** Delivers one message; returns false when none is pending. */
    @Override
    public boolean step() {
        Timed<M> e;
        if (random == null) {
            e = fifo.poll();
        } else if (pool.isEmpty()) {
            e = null;
        } else {
            int i = random.nextInt(pool.size());
            e = pool.get(i);
            pool.set(i, pool.get(pool.size() - 1));
            pool.remove(pool.size() - 1);
        }
        if (e == null) {
            return false;
        }
        now = Math.max(now, e.at());
        delivered++;
        send(nodes.get(e.envelope().to()).onMessage(e.envelope().message(), now));
        return true;
    }

    /** Messages delivered so far. */
    @Override
    public long delivered() {
        return delivered;
    }

    /** Time of the latest delivery. */
    public long nowNanos() {
        return now;
    }

    @Override
    public long nowPicos() {
        return now * 1000;
    }
}
