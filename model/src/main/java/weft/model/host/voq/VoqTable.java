package weft.model.host.voq;

/**
 * The VOQs of one host, dense indexes {@code 0..capacity-1} looked up by destination id without boxing. A queue is
 * created on first use by the caller's {@link Factory} and lives as long as the table.
 *
 * <p>Source: seed 004 §4.1 (one VOQ per destination server). Generic over the queue type so that the agent keeps
 * its socket address beside each queue while a simulator uses {@link VirtualOutputQueue} as it is.
 *
 * @param <Q> the queue type
 */
public final class VoqTable<Q> {
    /** Creates the queue for {@code dstId} at dense index {@code index}. */
    @FunctionalInterface
    public interface Factory<Q> {
        Q create(int index, int dstId);
    }

    private final Object[] queues;
    private final IntSlotMap slots;
    private int span;
    private int size;

    public VoqTable(int maxDestinations) {
        if (maxDestinations <= 0) {
            throw new IllegalArgumentException("voq table: maxDestinations must be positive, got " + maxDestinations);
        }
        this.queues = new Object[maxDestinations];
        this.slots = new IntSlotMap(maxDestinations);
    }

    /** The queue towards {@code dstId}, or null. */
    public Q get(int dstId) {
        int s = slots.get(dstId);
        return s < 0 ? null : at(s);
    }

    /**
     * The queue towards {@code dstId}, created by {@code factory} if missing.
     *
     * @throws IllegalStateException when all {@code maxDestinations} queues exist
     */
    public Q getOrCreate(int dstId, Factory<Q> factory) {
        int s = slots.get(dstId);
        if (s >= 0) {
            return at(s);
        }
        s = slots.put(dstId);
        if (s < 0) {
            throw new IllegalStateException("voq table: all " + queues.length + " destinations in use, cannot add "
                    + "destination " + dstId);
        }
        Q q = factory.create(s, dstId);
        queues[s] = q;
        size++;
        span = Math.max(span, s + 1);
        return q;
    }

    /** The queue at dense index {@code i}, or null. */
    @SuppressWarnings("unchecked")
    public Q at(int i) {
        return (Q) queues[i];
    }

    /** One past the highest index in use. */
    public int span() {
        return span;
    }

    /** How many queues exist. */
    public int size() {
        return size;
    }

    public int capacity() {
        return queues.length;
    }
}
