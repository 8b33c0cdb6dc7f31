package weft.controller.agentlink;

import java.util.List;
import weft.model.protocol.VoqReport;

/**
 * One registered agent as the REST API shows it ({@code GET /api/agents}): an immutable copy of the registry's
 * state, made on the registry's thread.
 *
 * @param lastReportMillis wall-clock time of its last report, 0 if none
 */
public record AgentView(String host, String ip, String mac, String attachment, boolean connected,
                        List<RateView> rates, List<String> flows, List<VoqReport> lastReport,
                        long lastReportMillis) {
    public AgentView {
        rates = List.copyOf(rates);
        flows = List.copyOf(flows);
        lastReport = List.copyOf(lastReport);
    }

    /**
     * One pushed rate.
     *
     * @param source {@code manual} (weft rates set), {@code adopted} (from an agent's report after a controller
     *               restart) or the allocator's name
     */
    public record RateView(String dst, long bitsPerSecond, String source, String policy, List<PathView> paths) {
        public RateView {
            paths = List.copyOf(paths);
        }
    }

    /** One pushed path. */
    public record PathView(int id, int tag, Integer dscp, List<Integer> links) {
        public PathView {
            links = List.copyOf(links);
        }
    }
}
