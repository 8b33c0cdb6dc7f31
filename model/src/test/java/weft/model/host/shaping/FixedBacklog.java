package weft.model.host.shaping;

/** A hand-written backlog: every flow with {@code queued[f] > 0} packets is ready with packets of {@code bytes}. */
final class FixedBacklog implements Backlog {
    final int[] queued;
    final int bytes;

    FixedBacklog(int bytes, int... queued) {
        this.bytes = bytes;
        this.queued = queued;
    }

    static FixedBacklog infinite(int bytes, int flows) {
        int[] q = new int[flows];
        java.util.Arrays.fill(q, Integer.MAX_VALUE);
        return new FixedBacklog(bytes, q);
    }

    @Override
    public boolean backlogged(int flow) {
        return queued[flow] > 0;
    }

    @Override
    public int readyBytes(int flow, long nowNanos) {
        return queued[flow] > 0 ? bytes : 0;
    }

    @Override
    public long earliestReadyNanos(long nowNanos) {
        for (int q : queued) {
            if (q > 0) {
                return nowNanos;
            }
        }
        return Long.MAX_VALUE;
    }

    void take(int flow) {
        if (queued[flow] != Integer.MAX_VALUE) {
            queued[flow]--;
        }
    }
}
