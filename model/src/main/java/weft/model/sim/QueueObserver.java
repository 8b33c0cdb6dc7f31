package weft.model.sim;

/**
 * An observer that also wants the output queues' occupancy: passing one to {@link Simulator} turns the recording on
 * (the output-queued switch then keeps each output's largest queue as packets join it); without one the switches
 * record nothing. Seed 004 §3.2.3 (Table 3.1) compares load balancers by the largest queue at each stage of the fat
 * tree.
 */
public interface QueueObserver extends SimObserver {
    /**
     * At the end of the run: per channel (the simulator's channel order, {@link SimNetwork}), the most bytes waiting
     * at its switch behind the packet on the wire during the measurement window, all lanes together; 0 for a host's
     * uplink and for an output whose packets never waited.
     */
    void outputQueues(long[] peakBytes);
}
