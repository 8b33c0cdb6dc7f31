package weft.agent.control;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.VoqReport;

/**
 * The destinations an agent has traffic for, read off its VOQ counters: a VOQ is active while it holds data or its
 * sent-bytes counter moved within the last {@code idleNanos}. The controller allocates rates to exactly this set (seed
 * 004 §4.1: the hosts tell the scheduler which VOQs are backlogged; Weft computes the rates of seed 000 §4.2-4.3
 * centrally, for the flows that exist: docs/sources.md).
 *
 * <p>Decision: a flow ends after an idle time rather than the moment its VOQ empties, because a paced VOQ empties
 * between two application writes many times a second; an idle time of a few reports keeps the controller from
 * recomputing on every gap. Time is passed in.
 */
final class ActiveFlows {
    private final long idleNanos;
    private final Map<String, long[]> seen = new HashMap<>();
    private final TreeMap<String, Long> active = new TreeMap<>();

    /** @param idleNanos how long a VOQ may neither hold nor send data before its flow ends */
    ActiveFlows(long idleNanos) {
        if (idleNanos <= 0) {
            throw new IllegalArgumentException("idleNanos must be > 0, got " + idleNanos);
        }
        this.idleNanos = idleNanos;
    }

    /**
     * Takes one reading of the VOQs.
     *
     * @return whether the set of active destinations changed (a destination appeared or ended)
     */
    boolean update(List<VoqReport> voqs, long nowNanos) {
        List<String> before = new ArrayList<>(active.keySet());
        for (VoqReport v : voqs) {
            if (v.dstIp() == null) {
                continue;
            }
            long[] s = seen.computeIfAbsent(v.dstIp(), k -> new long[] {0, Long.MIN_VALUE});
            if (v.backlogBytes() > 0 || v.sentBytes() != s[0]) {
                s[1] = nowNanos;
            }
            s[0] = v.sentBytes();
            if (s[1] != Long.MIN_VALUE && nowNanos - s[1] < idleNanos) {
                active.put(v.dstIp(), v.backlogBytes());
            } else {
                active.remove(v.dstIp());
            }
        }
        return !before.equals(new ArrayList<>(active.keySet()));
    }

    /** The {@code flows} message for the current set. */
    ControlMessage.Flows message(String host) {
        return new ControlMessage.Flows(host, new ArrayList<>(active.keySet()), active);
    }
}
