package weft.model.protocol;

/**
 * What an agent reports for one VOQ (seed 004 §4.1: a VOQ's rate depends on its backlog).
 *
 * @param dst            destination host id
 * @param backlogBytes   bytes queued now
 * @param sentPackets    packets sent since the agent started
 * @param sentBytes      bytes sent since the agent started
 * @param droppedPackets packets dropped at the VOQ tail since the agent started
 * @param bitsPerSecond  the rate the VOQ is shaped to now
 * @param dstIp          the destination's IPv4 address (optional within version 1: null from an older agent)
 * @param policy         the VOQ's path policy (optional within version 1: null from an older agent)
 * @param manual         the rate was set by hand ({@link DestinationRate#manual()}); optional within version 1, false
 *                       when absent (boxed so that an absent field reads as false)
 * @param crp            what the VOQ did with reservations, or null when the controller keeps none (optional within
 *                       version 1)
 */
public record VoqReport(String dst, long backlogBytes, long sentPackets, long sentBytes, long droppedPackets,
                        long bitsPerSecond, String dstIp, String policy, Boolean manual, ReservationReport crp) {
    public VoqReport {
        manual = Boolean.TRUE.equals(manual);
    }

    /** A report without reservations. */
    public VoqReport(String dst, long backlogBytes, long sentPackets, long sentBytes, long droppedPackets,
                     long bitsPerSecond, String dstIp, String policy, Boolean manual) {
        this(dst, backlogBytes, sentPackets, sentBytes, droppedPackets, bitsPerSecond, dstIp, policy, manual, null);
    }

    /** A report without policy and origin (as version-1 agents before those fields sent it). */
    public VoqReport(String dst, long backlogBytes, long sentPackets, long sentBytes, long droppedPackets,
                     long bitsPerSecond, String dstIp) {
        this(dst, backlogBytes, sentPackets, sentBytes, droppedPackets, bitsPerSecond, dstIp, null, false);
    }

    /** A report without the destination address (as version-1 agents before {@code dstIp} sent it). */
    public VoqReport(String dst, long backlogBytes, long sentPackets, long sentBytes, long droppedPackets,
                     long bitsPerSecond) {
        this(dst, backlogBytes, sentPackets, sentBytes, droppedPackets, bitsPerSecond, null);
    }
}
