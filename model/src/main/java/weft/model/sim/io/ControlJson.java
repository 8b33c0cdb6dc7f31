package weft.model.sim.io;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import weft.model.crp.RetryCause;
import weft.model.sim.control.ControlResult;

/**
 * The {@code control} object of a {@code weft-sim/1} run of {@code weft sim --control} (seed 001's figures; the
 * fields are listed in {@code docs/sim.md}): accepted rates per source, in-network latency, control overhead, CRP's
 * requests, grants and retries, speculative packets, ECN's notifications and losses. Rates are flits per cycle per
 * source, latencies cycles. Numbers that were not measured (NaN) are null.
 */
public final class ControlJson {
    private ControlJson() {
    }

    /**
     * The fields, in order, for {@link SimJson.Run#extra()} under the key {@code control}.
     *
     * @param scheme   {@code none}, {@code ecn} or {@code crp}
     * @param traffic  the message pattern as given ({@code hotspot}, {@code combined}, ...)
     * @param messages packets per message as given ({@code 8}, {@code 1-14})
     */
    public static Map<String, Object> fields(String scheme, String traffic, String messages, ControlResult c) {
        Map<String, Object> causes = new LinkedHashMap<>();
        for (RetryCause cause : RetryCause.values()) {
            causes.put(cause.name().toLowerCase(Locale.ROOT), c.retriesByCause().get(cause.ordinal()));
        }
        return map("scheme", scheme, "traffic", traffic, "message_packets", messages,
                "participants", c.participants(),
                "accepted_flits_per_cycle", map("offered", number(c.offered()), "mean", number(c.accepted()),
                        "min", number(c.acceptedMin()), "sd", number(c.acceptedStd())),
                "network_latency_cycles", map("mean", number(c.latencyMean()), "min", number(c.latencyMin()),
                        "max", number(c.latencyMax()), "packets", c.latencyPackets()),
                "control_overhead", number(c.controlOverhead()),
                "control_per_data", number(c.controlPerData()), "control_flits", c.controlFlits(),
                "data_flits", c.dataFlits(), "arrived_data_flits", c.arrivedDataFlits(),
                "requests", c.requests(), "grants", c.grants(), "retries", c.retries(), "retries_by_cause", causes,
                "retry_probability", number(c.retryProbability()),
                "request_round_trip_cycles", map("destination_only", number(c.roundTripLocal()),
                        "reserved_channels", number(c.roundTripReserved())),
                "speculative", map("packets_sent", c.speculativePackets(), "flits_sent", c.speculativeFlits(),
                        "expired", c.expired(), "dropped_full_buffer", c.droppedSpeculative()),
                "notifications", c.notifications(), "dropped_data_packets", c.droppedData(),
                "dropped_control_packets", c.droppedControl(), "refused_messages", c.refusedMessages());
    }

    /** An ordered map of alternating keys and values. */
    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> o = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            o.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return o;
    }

    private static Double number(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : Math.round(v * 1e6) / 1e6;
    }
}
