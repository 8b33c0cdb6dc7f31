package weft.controller.agentlink;

/**
 * The agent channel's bounds on what a peer may make the controller hold or wait for.
 *
 * @param authTimeoutNanos   how long a new session may go without authenticating
 * @param idleTimeoutNanos   how long an authenticated session may send nothing (agents report every second)
 * @param maxLinesBeforeAuth lines a session may send before it authenticates
 * @param maxUnauthenticated sessions that may wait to authenticate at once
 * @param maxAgents          hosts that may register
 * @param maxFailuresPerPeer failed authentications per peer address per window before it is refused
 * @param failureWindowNanos the window of {@code maxFailuresPerPeer}
 * @param maxPendingBytes    bytes written to a session that it has not read yet before it is closed
 */
public record AgentLinkLimits(long authTimeoutNanos, long idleTimeoutNanos, int maxLinesBeforeAuth,
                              int maxUnauthenticated, int maxAgents, int maxFailuresPerPeer,
                              long failureWindowNanos, int maxPendingBytes) {
    private static final long SECOND = 1_000_000_000L;

    public AgentLinkLimits {
        if (authTimeoutNanos <= 0 || idleTimeoutNanos <= 0 || maxLinesBeforeAuth < 1 || maxUnauthenticated < 1
                || maxAgents < 1 || maxFailuresPerPeer < 1 || failureWindowNanos <= 0 || maxPendingBytes < 1) {
            throw new IllegalArgumentException("agent link limits must be positive, got " + authTimeoutNanos + ", "
                    + idleTimeoutNanos + ", " + maxLinesBeforeAuth + ", " + maxUnauthenticated + ", " + maxAgents
                    + ", " + maxFailuresPerPeer + ", " + failureWindowNanos + ", " + maxPendingBytes);
        }
    }

    /**
     * 10 s and 16 lines to authenticate, 30 s idle, 128 sessions waiting, 4096 agents, 5 failed authentications
     * per peer per minute, 4 MiB unread.
     */
    public static AgentLinkLimits defaults() {
        return new AgentLinkLimits(10 * SECOND, 30 * SECOND, 16, 128, 4096, 5, 60 * SECOND, 4 << 20);
    }
}
