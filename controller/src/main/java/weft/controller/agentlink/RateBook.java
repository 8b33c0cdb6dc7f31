package weft.controller.agentlink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import weft.controller.ha.HandSetRate;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.PathSpec;
import weft.model.protocol.Printable;
import weft.model.protocol.VoqReport;
import weft.model.rate.OnlineAllocation;
import weft.model.rate.WeightBasis;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * The rates half of the {@link AgentRegistry}: every registered host, the rates set for it by hand (or adopted from
 * its report), the flows it reports and the rates they are allocated, and what each connected host was last sent.
 * {@link #reallocate} computes what each source should hold and pushes the difference. Same thread and same time
 * as the registry; it holds no session, only the registry's map of which host is connected on which session.
 *
 * <p>Seed 000 §4.2-4.3 (rates computed centrally for the flows that exist, realised at the source) and seed 004
 * §4.1-4.2 (hosts report backlogs, the controller answers with rates and paths).
 */
final class RateBook {
    private record Manual(long bitsPerSecond, String policy, String source) {
    }

    private final PathProvider paths;
    private final AgentRegistry.Allocator allocatorOrNull;
    /** Connected hosts and their sessions, kept by the registry. */
    private final Map<String, Long> live;
    private final Map<String, ControlMessage.Register> agents = new HashMap<>();
    private final Map<String, String> hostByIp = new HashMap<>();
    private final Map<String, Map<String, Manual>> manual = new HashMap<>();
    private final Map<String, Map<String, Long>> allocated = new HashMap<>();
    private final Map<String, Map<String, Long>> flows = new HashMap<>();
    private final Map<String, Map<String, DestinationRate>> pushed = new HashMap<>();
    private final Map<String, List<VoqReport>> reports = new HashMap<>();
    private final Map<String, Long> reportTimes = new HashMap<>();
    private final Set<String> fullPush = new HashSet<>();
    private long allocations;
    /** Where hand-set rates are kept before they are accepted (an HA cluster), or null. */
    private AgentCluster cluster;

    RateBook(PathProvider paths, AgentRegistry.Allocator allocatorOrNull, Map<String, Long> live) {
        this.paths = paths;
        this.allocatorOrNull = allocatorOrNull;
        this.live = live;
    }

    // ---- hosts ----------------------------------------------------------------------------------------------

    int hosts() {
        return agents.size();
    }

    boolean registered(String host) {
        return agents.containsKey(host);
    }

    /** The host that registered {@code ip}, or null. */
    String hostOf(String ip) {
        return hostByIp.get(ip);
    }

    /** Records (or renews) {@code r}; its next push is complete, zeros included (the agent may have restarted). */
    void register(ControlMessage.Register r) {
        ControlMessage.Register before = agents.put(r.host(), r);
        if (before != null && !before.ip().equals(r.ip())) {
            hostByIp.remove(before.ip());
        }
        hostByIp.put(r.ip(), r.host());
        fullPush.add(r.host());
    }

    // ---- what agents report ---------------------------------------------------------------------------------

    /**
     * Keeps {@code host}'s report and adopts as hand-set the rates it enforces that this registry has none for:
     * all of them without an allocator, those it says were set by hand with one.
     */
    void report(String host, List<VoqReport> voqs, long nowNanos, Outbox out) {
        reports.put(host, voqs);
        reportTimes.put(host, nowNanos);
        boolean adopted = false;
        for (VoqReport v : voqs) {
            Map<String, Manual> mine = manual.computeIfAbsent(host, k -> new HashMap<>());
            if (!mine.containsKey(v.dst()) && agents.containsKey(v.dst()) && v.bitsPerSecond() > 0
                    && (allocatorOrNull == null || v.manual())) {
                mine.put(v.dst(), new Manual(v.bitsPerSecond(), v.policy() == null ? "sd" : v.policy(),
                        "adopted"));
                adopted = true;
                out.info("adopted rate " + Printable.of(host) + " -> " + Printable.of(v.dst()) + " = "
                        + v.bitsPerSecond() + " bit/s from the agent's report");
            }
        }
        if (adopted) {
            push(host, out);
        }
    }

    /** Replaces the host's flow set; recomputes when the set changed or the allocator weighs backlogs. */
    void flows(String host, ControlMessage.Flows f, Outbox out) {
        Map<String, Long> now = new HashMap<>();
        for (String ip : f.destinations()) {
            String dst = hostByIp.get(ip);
            if (dst == null) {
                out.info("agent " + Printable.of(host) + ": flow towards " + Printable.of(ip) + ", which no "
                        + "registered agent has; not allocated");
            } else if (!dst.equals(host)) {
                now.put(dst, f.backlogBytes().getOrDefault(ip, 0L));
            }
        }
        Map<String, Long> before = flows.put(host, now);
        boolean changed = before == null ? !now.isEmpty() : !before.keySet().equals(now.keySet());
        boolean weighsBacklog = allocatorOrNull != null && allocatorOrNull.allocator().weightBasis()
                != WeightBasis.WEIGHT && allocatorOrNull.allocator().weightBasis() != WeightBasis.BACKLOG_DEMAND_UNIT;
        if (changed) {
            out.info("agent " + Printable.of(host) + " has flows towards " + new TreeSet<>(now.keySet()));
        }
        if (allocatorOrNull != null && (changed || weighsBacklog && !now.isEmpty())) {
            reallocate("flows of " + Printable.of(host) + (changed ? " changed" : " reported backlogs"), out);
        }
    }

    // ---- rates set by hand ----------------------------------------------------------------------------------

    /** See {@link AgentRegistry#setRate}. */
    void setRate(String src, String dst, long bitsPerSecond, String policy, Outbox out) {
        for (String[] end : new String[][] {{"destination", dst}, {"source", src}}) {
            if (!agents.containsKey(end[1])) {
                throw new IllegalArgumentException("set-rate " + Printable.of(src) + " -> " + Printable.of(dst)
                        + ": unknown " + end[0] + " host '" + Printable.of(end[1]) + "', registered hosts: "
                        + new TreeSet<>(agents.keySet()));
            }
        }
        if (cluster != null) {
            cluster.keep(src, dst, bitsPerSecond, policy == null ? "sd" : policy); // kept before it is accepted
        }
        manual.computeIfAbsent(src, k -> new HashMap<>()).put(dst,
                new Manual(bitsPerSecond, policy == null ? "sd" : policy, "manual"));
        reallocate("rate set by hand for " + Printable.of(src) + " -> " + Printable.of(dst), out);
    }

    boolean hasManualRate(String src, String dst) {
        return manual.getOrDefault(src, Map.of()).containsKey(dst);
    }

    /** See {@link AgentRegistry#clearRate}. */
    void clearRate(String src, String dst, Outbox out) {
        Map<String, Manual> mine = manual.get(src);
        if (cluster != null && mine != null && mine.containsKey(dst)) {
            cluster.keep(src, dst, -1, null);
        }
        if (mine != null && mine.remove(dst) != null) {
            reallocate("hand-set rate cleared for " + Printable.of(src) + " -> " + Printable.of(dst), out);
        }
    }

    void cluster(AgentCluster c) {
        this.cluster = c;
    }

    /** The hand-set rates an HA cluster kept become this book's (over adopted ones), and are pushed. */
    void takeOver(List<HandSetRate> kept, Outbox out) {
        for (HandSetRate r : kept) {
            manual.computeIfAbsent(r.src(), k -> new HashMap<>()).put(r.dst(),
                    new Manual(r.bitsPerSecond(), r.policy() == null ? "sd" : r.policy(), "manual"));
        }
        out.info("master: " + kept.size() + " hand-set rates from the cluster's state");
        reallocate("takeover with " + kept.size() + " hand-set rates", out);
    }

    String allocatorName() {
        return allocatorOrNull == null ? null : allocatorOrNull.allocator().name();
    }

    // ---- views ----------------------------------------------------------------------------------------------

    List<VoqReport> lastReport(String host) {
        return reports.getOrDefault(host, List.of());
    }

    long rate(String src, String dst) {
        DestinationRate r = pushed.getOrDefault(src, Map.of()).get(dst);
        return r == null || r.bitsPerSecond() == 0 && !hasManualRate(src, dst) ? -1 : r.bitsPerSecond();
    }

    List<PathSpec> pushedPaths(String src, String dst) {
        DestinationRate r = pushed.getOrDefault(src, Map.of()).get(dst);
        return r == null ? List.of() : r.paths();
    }

    long allocations() {
        return allocations;
    }

    /** See {@link AgentRegistry#view}. */
    List<AgentView> view(long nowNanos, long nowMillis) {
        List<AgentView> out = new ArrayList<>();
        for (ControlMessage.Register r : new TreeMap<>(agents).values()) {
            List<AgentView.RateView> rs = new ArrayList<>();
            for (DestinationRate d : new TreeMap<>(pushed.getOrDefault(r.host(), Map.of())).values()) {
                Manual m = manual.getOrDefault(r.host(), Map.of()).get(d.dst());
                rs.add(new AgentView.RateView(d.dst(), d.bitsPerSecond(), m != null ? m.source()
                        : allocatorOrNull == null ? "none" : allocatorOrNull.allocator().name(), d.policy(),
                        d.paths().stream().map(p -> new AgentView.PathView(p.id(), p.tag(), p.dscp(), p.links()))
                                .toList()));
            }
            Long at = reportTimes.get(r.host());
            out.add(new AgentView(r.host(), r.ip(), r.mac(), r.attachment(), live.containsKey(r.host()), rs,
                    new ArrayList<>(new TreeMap<>(flows.getOrDefault(r.host(), Map.of())).keySet()),
                    reports.getOrDefault(r.host(), List.of()),
                    at == null ? 0L : nowMillis - (nowNanos - at) / 1_000_000L));
        }
        return out;
    }

    // ---- pushing ----------------------------------------------------------------------------------------------

    /**
     * Recomputes the allocated rates (with an allocator) and every pair's paths, and pushes what changed to the
     * connected agents. An allocation that fails (a host outside the topology, a pair without a route) keeps the
     * previous allocated rates and is noted.
     */
    void reallocate(String reason, Outbox out) {
        if (allocatorOrNull != null) {
            try {
                Map<OnlineAllocation.Pair, Long> fixed = new HashMap<>();
                manual.forEach((src, m) -> m.forEach((dst, r) -> fixed.put(new OnlineAllocation.Pair(src, dst),
                        r.bitsPerSecond())));
                List<OnlineAllocation.ReportedFlow> reported = new ArrayList<>();
                flows.forEach((src, f) -> f.forEach((dst, backlog) -> reported.add(
                        new OnlineAllocation.ReportedFlow(src, dst, backlog))));
                Topology t = allocatorOrNull.topology().get();
                RoutingResult r = allocatorOrNull.routes().get();
                if (t != null && r != null) {
                    Map<OnlineAllocation.Pair, Long> rates = OnlineAllocation.compute(t, r,
                            allocatorOrNull.allocator(), reported, fixed);
                    allocated.clear();
                    rates.forEach((pair, bps) -> allocated.computeIfAbsent(pair.src(), k -> new HashMap<>())
                            .put(pair.dst(), bps));
                    allocations++;
                    out.info(reason + ": " + allocatorOrNull.allocator().name() + " allocated " + rates.size()
                            + " flows: " + rates);
                }
            } catch (RuntimeException e) {
                out.warn(reason + ": allocation failed, keeping the previous rates: " + Printable.of(e.getMessage()));
            }
        }
        Set<String> sources = new TreeSet<>(manual.keySet());
        sources.addAll(allocated.keySet());
        sources.addAll(pushed.keySet());
        for (String src : sources) {
            push(src, out);
        }
    }

    /** The rates {@code src} should have now, by destination. */
    private Map<String, DestinationRate> wanted(String src) {
        Map<String, DestinationRate> out = new TreeMap<>();
        Map<String, Long> alloc = allocated.getOrDefault(src, Map.of());
        Map<String, Manual> hand = manual.getOrDefault(src, Map.of());
        Set<String> dsts = new TreeSet<>(alloc.keySet());
        dsts.addAll(hand.keySet());
        for (String dst : dsts) {
            ControlMessage.Register d = agents.get(dst);
            if (d == null) {
                continue;
            }
            Manual m = hand.get(dst);
            out.put(dst, new DestinationRate(dst, d.ip(), d.dataPort(), m != null ? m.bitsPerSecond() : alloc.get(dst),
                    m != null ? m.policy() : "sd", paths.paths(src, dst), 0, m != null));
        }
        return out;
    }

    /**
     * Pushes to {@code src} every rate that differs from what it was last sent (everything after it registered);
     * pairs that lost their rate go to 0.
     */
    private void push(String src, Outbox out) {
        Long session = live.get(src);
        if (session == null) {
            return;
        }
        boolean full = fullPush.remove(src);
        Map<String, DestinationRate> want = wanted(src);
        Map<String, DestinationRate> had = pushed.computeIfAbsent(src, k -> new TreeMap<>());
        List<DestinationRate> changes = new ArrayList<>();
        for (DestinationRate r : want.values()) {
            if (full || !r.equals(had.get(r.dst()))) {
                changes.add(r);
            }
        }
        for (DestinationRate r : had.values()) {
            if (!want.containsKey(r.dst()) && (full || r.bitsPerSecond() != 0)) {
                changes.add(new DestinationRate(r.dst(), r.dstIp(), r.dstPort(), 0, r.policy(), r.paths(),
                        r.tenant()));
            }
        }
        if (changes.isEmpty()) {
            return;
        }
        for (DestinationRate r : changes) {
            had.put(r.dst(), r);
        }
        out.send(session, new ControlMessage.Rates(false, changes));
    }
}
