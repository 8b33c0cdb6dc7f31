package weft.model.host.shaping;

/**
 * Chooses which flow (VOQ) of one source injects the next packet, and when. One owner thread calls
 * {@link #select}, then {@link #sent} for the packet it actually sent. Implementations: {@link PeriodicSelection}
 * (default) and {@link ShapedVirtualClock}.
 */
public interface InjectionScheduler {
    /** Number of flow slots; flows are {@code 0..capacity()-1}. */
    int capacity();

    /** Sets the calculated rate of {@code flow} in bit/s; 0 takes the flow out of the schedule. */
    void setRate(int flow, long bitsPerSecond);

    long rate(int flow);

    /** The flow whose head packet goes at {@code nowNanos}, or -1 when nothing may go now. */
    int select(Backlog backlog, long nowNanos);

    /** Records that {@code flow} sent a packet of {@code bytes} at {@code nowNanos}. */
    void sent(int flow, int bytes, long nowNanos);

    /** When {@link #select} should next be called, given the backlog; {@link Long#MAX_VALUE} if idle. */
    long nextSelectNanos(Backlog backlog, long nowNanos);

    /**
     * Creates the scheduler named {@code name} ({@code ps} or {@code svc}). Callers pass each decision's due
     * time as {@code nowNanos} ({@link PacingLoop} makes up late wake-ups), so a slot that passes unused is
     * one where no flow could send, lost as the paper says.
     */
    static InjectionScheduler create(String name, int capacity) {
        return switch (name) {
            case "ps", "periodic-selection" -> new PeriodicSelection(capacity);
            case "svc", "shaped-virtual-clock" -> new ShapedVirtualClock(capacity);
            default -> throw new IllegalArgumentException(
                    "scheduler: unknown name '" + name + "', expected one of ps, svc");
        };
    }
}
