package weft.model.sim;

/**
 * A host's injection control: which of its queues puts the next packet on the host link, and when. The simulator
 * asks whenever the link is free and something changed (a packet queued, a credit returned, a wake-up time came);
 * the policy answers a queue or nothing. No control ({@code NC}, the papers' baseline) sends whenever flow control
 * lets it; rate-based policies (Periodic Selection, Shaped Virtual Clock) and reservation protocols (CRP) plug in
 * here, one instance per host.
 */
public interface InjectionPolicy {
    /** The queue whose front packet goes now, or -1 to send nothing now. */
    int select(HostQueues queues, long nowPs);

    /**
     * When to ask again after {@link #select} returned -1 although some queue holds packets, if nothing else happens
     * first; {@link Long#MAX_VALUE} when only an external event (arrival, credit) can change the answer.
     */
    long wakePs(HostQueues queues, long nowPs);

    /** The front packet of queue q, of {@code bytes}, has been put on the link at {@code nowPs}. */
    void sent(int queue, int bytes, long nowPs);

    /** Hosts with no injection control (NC), the papers' baseline, for runs that also add observers. */
    static Factory noControl() {
        return (host, queues, seed) -> new NoControl();
    }

    /** Creates the policy of one host. */
    @FunctionalInterface
    interface Factory {
        /**
         * @param host   host index
         * @param queues its queues (fixed for the run)
         * @param seed   seed of the host's own random stream, for policies that draw
         */
        InjectionPolicy create(int host, HostQueues queues, long seed);
    }
}
