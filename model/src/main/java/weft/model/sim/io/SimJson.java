package weft.model.sim.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import weft.model.qos.HighPriorityLimit;
import weft.model.qos.VlArbitrationTable;
import weft.model.sim.DeadlockReport;
import weft.model.sim.Latency;
import weft.model.sim.SimConfig;
import weft.model.sim.SimResult;

/**
 * Writes {@code weft-sim/1}, the result file of {@code weft sim} (the contract is in {@code docs/sim.md}):
 * <pre>
 * {"format": "weft-sim/1", "fabric": {...}, "config": {...},
 *  "runs": [{"routes": "lash", "traffic": "uniform", "load": 0.3, "offered": 0.3, "accepted": 0.29,
 *            "latency_ns": {"mean": .., "p50": .., "p99": .., "max": .., "packets": ..}, ...,
 *            "dropped_packets": 0, "deadlock": null}]}
 * </pre>
 * Numbers that were not measured (NaN) are written as null.
 */
public final class SimJson {
    /** The format tag. */
    public static final String FORMAT = "weft-sim/1";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SimJson() {
    }

    /**
     * One labelled run.
     *
     * @param routes the routing engine (or routes file) the run used
     * @param result what it measured
     * @param extra  further fields for the run (e.g. {@code wall_ms}), in order
     */
    public record Run(String routes, SimResult result, Map<String, Object> extra) {
    }

    /**
     * The document.
     *
     * @param fabric  fields describing the fabric ({@code name}, {@code switches}, ...), in order
     * @param config  the simulator configuration
     * @param vcs     virtual channels per port actually used
     * @param runs    the runs
     * @param details include per-host, per-channel, per-flow and per-phase lists
     */
    public static String write(Map<String, Object> fabric, SimConfig config, int vcs, List<Run> runs,
                               boolean details) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        ObjectNode f = root.putObject("fabric");
        fabric.forEach((k, v) -> f.putPOJO(k, v));
        ObjectNode c = root.putObject("config");
        c.put("packet_bytes", config.packetBytes());
        c.put("flit_bytes", config.flitBytes());
        c.put("min_packet_bytes", config.minPacketBytes());
        c.put("alternate_sizes", config.alternateSizes());
        c.put("buffer_bytes", config.bufferBytes());
        c.put("vcs", vcs);
        c.put("flow_control", config.flowControl().name().toLowerCase());
        c.put("switching", config.switching().name().toLowerCase());
        c.put("speedup", config.voqRouter() != null ? Integer.toString(config.voqRouter().speedup())
                : config.infiniteSpeedup() ? "infinite" : "1");
        c.put("allocator", config.voqRouter() != null ? "separable-input-first" : config.allocator());
        c.put("output_order", config.outputOrder());
        c.put("lane_arbitration", lanes(config.laneArbitration()));
        c.put("router_delay_ns", config.routerDelayPs() / 1000.0);
        c.put("host_latency_ns", config.hostLatencyPs() / 1000.0);
        c.put("warmup_ns", config.warmupPs() / 1000.0);
        c.put("duration_ns", config.durationPs() / 1000.0);
        c.put("arrivals", config.arrivals().name().toLowerCase());
        c.put("seed", config.seed());
        c.put("path_policy", config.pathPolicy());
        c.put("resequence", config.resequence());
        if (!config.classPriorities().isEmpty()) {
            ArrayNode classes = c.putArray("class_priorities");
            config.classPriorities().forEach(classes::add);
        }
        ArrayNode out = root.putArray("runs");
        for (Run run : runs) {
            out.add(run(run, details));
        }
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("writing simulation results", e);
        }
    }

    private static ObjectNode run(Run run, boolean details) {
        SimResult r = run.result();
        ObjectNode o = MAPPER.createObjectNode();
        o.put("routes", run.routes());
        o.put("traffic", r.workload());
        number(o, "load", r.load());
        number(o, "offered", r.offered());
        number(o, "accepted", r.accepted());
        number(o, "accepted_min", r.acceptedMin());
        o.set("latency_ns", latency(r.latencyNs()));
        o.set("network_latency_ns", latency(r.networkLatencyNs()));
        o.put("generated_packets", r.generatedPackets());
        o.put("refused_packets", r.refusedPackets());
        o.put("delivered_packets", r.deliveredPackets());
        o.put("dropped_packets", r.droppedPackets());
        o.put("pause_frames", r.pauseFrames());
        o.put("undelivered_measured_packets", r.undeliveredMeasured());
        DeadlockReport d = r.deadlock();
        if (d == null) {
            o.putNull("deadlock");
        } else {
            ObjectNode dn = o.putObject("deadlock");
            dn.put("time_ns", d.timePs() / 1000.0);
            ArrayNode cycle = dn.putArray("cycle");
            d.buffers().forEach(cycle::add);
            ArrayNode channels = dn.putArray("channels");
            d.channels().forEach(channels::add);
        }
        o.put("stop", r.stopReason());
        o.put("simulated_ns", r.simulatedPs() / 1000.0);
        o.put("events", r.events());
        o.put("flit_hops", r.flitHops());
        run.extra().forEach((k, v) -> o.putPOJO(k, v));
        SimResult.Resequencing rs = r.resequencing();
        if (rs != null) {
            ObjectNode rn = o.putObject("resequencing");
            rn.put("arrivals", rs.arrivals());
            rn.put("reordered", rs.reordered());
            rn.put("fixed", rs.fixed());
            rn.put("late", rs.late());
            rn.put("timeouts", rs.timeouts());
            rn.set("delay_ns", latency(rs.delayNs()));
        }
        if (!r.phases().isEmpty()) {
            objects(o, "phases", r.phases(), (pn, p) -> {
                pn.put("phase", p.phase());
                pn.put("app", p.app());
                number(pn, "completion_ns", p.completionNs());
            });
        }
        if (!r.flows().isEmpty()) {
            objects(o, "flows", r.flows(), (fn, fl) -> {
                fn.put("flow", fl.flow());
                fn.put("src", fl.src());
                fn.put("dst", fl.dst());
                fn.put("bytes", fl.bytes());
                number(fn, "delivered_gbps", fl.deliveredGbps());
                number(fn, "assigned_gbps", fl.assignedGbps());
                number(fn, "completion_ns", fl.completionNs());
                fn.put("reordered_packets", fl.reordered());
            });
        }
        if (!r.allocation().isEmpty()) {
            objects(o, "allocation_rounds", r.allocation(), SimJson::allocationRound);
        }
        if (details) {
            objects(o, "hosts", r.hosts(), (hn, h) -> {
                hn.put("host", h.host());
                number(hn, "offered", h.offered());
                number(hn, "accepted", h.accepted());
            });
            objects(o, "channels", r.channels(), (cn, ch) -> {
                cn.put("channel", ch.channel());
                number(cn, "utilization", ch.utilization());
                number(cn, "mean_buffer_bytes", ch.meanBufferBytes());
                cn.put("max_buffer_bytes", ch.maxBufferBytes());
            });
        }
        return o;
    }

    /** The items as the array {@code field} of {@code o}, one object each, written by {@code write}. */
    private static <T> void objects(ObjectNode o, String field, List<T> items, BiConsumer<ObjectNode, T> write) {
        ArrayNode array = o.putArray(field);
        items.forEach(item -> write.accept(array.addObject(), item));
    }

    /** One round of online allocation: when it read the VOQs, when the rates applied, each backlogged flow's rate. */
    private static void allocationRound(ObjectNode rn, SimResult.AllocationRound round) {
        rn.put("time_ns", round.timeNs()).put("applied_ns", round.appliedNs());
        ArrayNode flows = rn.putArray("flows");
        round.flows().forEach(a -> flows.addObject().put("flow", a.flow()).put("backlog_bytes", a.backlogBytes())
                .put("gbps", a.gbps()));
    }

    /** The table as {@code high=VL:W,..;low=VL:W,..;limit=N} (or {@code limit-iba=U}), {@code rr} for none. */
    static String lanes(VlArbitrationTable t) {
        if (t == null) {
            return "rr";
        }
        StringBuilder s = new StringBuilder("high=");
        entries(s, t.high());
        s.append(";low=");
        entries(s, t.low());
        HighPriorityLimit l = t.limit();
        return s.append(l.packets() ? ";limit=" : ";limit-iba=").append(l.value()).toString();
    }

    private static void entries(StringBuilder s, List<VlArbitrationTable.Entry> entries) {
        for (int i = 0; i < entries.size(); i++) {
            s.append(i == 0 ? "" : ",").append(entries.get(i).vl()).append(':').append(entries.get(i).weight());
        }
    }

    private static ObjectNode latency(Latency l) {
        ObjectNode n = MAPPER.createObjectNode();
        number(n, "mean", l.mean());
        number(n, "p50", l.p50());
        number(n, "p99", l.p99());
        number(n, "max", l.max());
        n.put("packets", l.packets());
        return n;
    }

    private static void number(ObjectNode o, String field, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            o.putNull(field);
        } else {
            o.put(field, Math.round(v * 1e6) / 1e6);
        }
    }
}
