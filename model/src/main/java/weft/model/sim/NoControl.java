package weft.model.sim;

/**
 * No injection control ("NC", seed 003 §2 and §6.1): the host sends whenever its link is free and flow control
 * lets it, serving its queues round robin (one packet each in turn among those whose front packet can go).
 */
final class NoControl implements InjectionPolicy {
    private int next;

    @Override
    public int select(HostQueues queues, long nowPs) {
        int n = queues.count();
        for (int k = 0; k < n; k++) {
            int q = (next + k) % n;
            if (queues.backlogBytes(q) > 0 && queues.canSend(q)) {
                next = (q + 1) % n;
                return q;
            }
        }
        return -1;
    }

    @Override
    public long wakePs(HostQueues queues, long nowPs) {
        return Long.MAX_VALUE;
    }

    @Override
    public void sent(int queue, int bytes, long nowPs) {
    }
}
