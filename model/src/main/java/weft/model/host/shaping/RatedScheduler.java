package weft.model.host.shaping;

/**
 * The per-flow rate table every {@link InjectionScheduler} keeps: one rate in bit/s per flow slot, set by the
 * controller, 0 meaning the flow may not send. Periodic Selection and Shaped Virtual Clock differ only in how they
 * pick the next flow from it.
 */
abstract class RatedScheduler implements InjectionScheduler {
    /** Rate of each flow slot in bit/s; read directly by the subclasses' selection loops. */
    protected final long[] rate;

    RatedScheduler(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive, got " + capacity);
        }
        this.rate = new long[capacity];
    }

    @Override
    public final int capacity() {
        return rate.length;
    }

    @Override
    public final void setRate(int flow, long bitsPerSecond) {
        if (bitsPerSecond < 0) {
            throw new IllegalArgumentException("flow " + flow + ": rate must be >= 0, got " + bitsPerSecond);
        }
        rate[flow] = bitsPerSecond;
    }

    @Override
    public final long rate(int flow) {
        return rate[flow];
    }
}
