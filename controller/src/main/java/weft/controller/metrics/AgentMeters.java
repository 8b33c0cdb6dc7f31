package weft.controller.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.AgentView;
import weft.model.protocol.VoqReport;

/**
 * The series of the host agents' VOQs (docs/agent.md): the rate pushed to each VOQ by origin, and from each agent's
 * last report the bytes a VOQ sent and holds. Without an agent registry every series is empty.
 */
final class AgentMeters {
    private final KeyedMeters rate;
    private final KeyedMeters sent;
    private final KeyedMeters backlog;

    AgentMeters(MeterRegistry r) {
        rate = KeyedMeters.gauge(r, "weft.agent.rate", "Rate pushed to an agent's VOQ, by origin", "bits.per.second");
        sent = KeyedMeters.counter(r, "weft.agent.voq.sent", "Bytes an agent's VOQ sent (measured)", "bytes");
        backlog = KeyedMeters.gauge(r, "weft.agent.voq.backlog", "Bytes queued in an agent's VOQ", "bytes");
    }

    List<KeyedMeters> all() {
        return List.of(rate, sent, backlog);
    }

    /** Brings every series to what {@code agentsOrNull} shows now. */
    void update(AgentLinkServer agentsOrNull) {
        Map<Tags, Double> assigned = new HashMap<>();
        Map<Tags, Double> bytes = new HashMap<>();
        Map<Tags, Double> queued = new HashMap<>();
        if (agentsOrNull != null) {
            for (AgentView a : agentsOrNull.view()) {
                for (AgentView.RateView v : a.rates()) {
                    assigned.put(Tags.of("host", a.host(), "dst", v.dst(), "source", String.valueOf(v.source())),
                            (double) v.bitsPerSecond());
                }
                for (VoqReport q : a.lastReport()) {
                    Tags t = Tags.of("host", a.host(), "dst", q.dst());
                    bytes.put(t, (double) q.sentBytes());
                    queued.put(t, (double) q.backlogBytes());
                }
            }
        }
        rate.update(assigned);
        sent.update(bytes);
        backlog.update(queued);
    }
}
