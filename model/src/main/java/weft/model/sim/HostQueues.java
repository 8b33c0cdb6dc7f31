package weft.model.sim;

/**
 * What an {@link InjectionPolicy} sees of its host: the host's queues (one per flow, or one first-in first-out queue
 * of open-loop packets), what each holds and whether its front packet could go now.
 */
public interface HostQueues {
    /** Number of queues, {@code 0..count()-1}. */
    int count();

    /** Bytes queued and not yet sent in queue q. */
    long backlogBytes(int q);

    /** Size of the packet at the front of queue q, 0 when it is empty. */
    int frontBytes(int q);

    /** True when the front packet of queue q could be put on the host link now (link free, room downstream). */
    boolean canSend(int q);

    /** Destination host index of queue q, or -1 for the mixed first-in first-out queue of open-loop traffic. */
    int destination(int q);

    /** Flow index (into the workload's flows) of queue q, or -1. */
    int flow(int q);
}
