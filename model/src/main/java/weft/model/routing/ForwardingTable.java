package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The forwarding entries of a {@link RoutingResult}, indexed once on dense switch ids, answering what a switch does
 * with a packet: (switch, destination switch, layer, in_port, path tag) to the entry it applies and that entry's out
 * ports. It is the one reading of the entries shared by the deadlock verifier, {@link RoutedPaths}, the controller's
 * path offers to agents and the packet-level simulator.
 *
 * <p>Matching, exactly as the controller compiles the entries into OpenFlow priorities: the entries of a switch
 * for (destination, layer) form one group per {@code in_port} value (or any port). A group's <em>default</em>
 * entry is its untagged entry, or else its entry with the lowest path tag; the default matches any path tag, a
 * tagged entry only its own. An entry restricted to the packet's arrival port beats every entry for any port, and
 * within the chosen group the entry for the packet's path tag beats the default. An entry naming another arrival
 * port never applies. The path tag is the packet's DSCP value: a packet whose host set no tag carries 0, so it
 * takes a path-0 entry where one exists ({@link #tagOf}). Entries at their own destination switch are not indexed
 * (the switch delivers locally). Decision: the arrival port at the source switch is the sending host's port, so
 * the same call serves every hop; at the source switch of a layered result the compiled ingress entry ignores
 * {@code in_port}, which differs only for an entry that names a host port, and no engine writes one.
 *
 * <p>Per hop (a simulator's inner loop; allocation-free, a few array reads):
 * <pre>{@code
 * ForwardingTable ft = ForwardingTable.of(topology, routes);          // once
 * SwitchGraph g = topology.graph();
 * int layer = ft.ingressLayer(srcSwitch, dstSwitch, tag);             // once per packet, at its first switch
 * int at = srcSwitch, inPort = hostPort;                              // the sending host's switch port
 * while (at != dstSwitch) {
 *     int e = ft.lookup(at, dstSwitch, layer, inPort, tag);
 *     if (e == ForwardingTable.NONE) { ... black hole ... }
 *     int k = ft.outCount(e) == 1 ? 0 : hash % ft.outCount(e);        // ECMP group: the switch's hash picks
 *     int c = ft.outChannel(e, k);                                     // a SwitchGraph channel
 *     inPort = g.dstPort(c);
 *     at = g.dst(c);
 * }
 * }</pre>
 * The layer is the virtual channel/lane the packet travels on; it does not change along the path.
 *
 * <p>Source: the data plane that {@code weft.controller.program.RouteCompiler} programs (OpenFlow 1.3 priorities:
 * an in_port entry +2000, a path-tagged entry +1000); entries as in seed 002 §3.2 (Segment-based routing names
 * arrival ports), §3.3 (LASH layers) and seed 004 §2 (ECMP groups, VLB path tags). Immutable after construction.
 *
 * <p>Decision: one class of about 350 lines, because the matching rule above is one thing: the sort that puts each
 * group in match order, the dense arrays it fills and {@link #lookup} that reads them must agree entry by entry. The
 * {@code layer_of} index, which only the ingress switch reads, is {@link IngressLayers}.
 */
public final class ForwardingTable {
    /** {@link #lookup} result when no entry applies (a black hole). */
    public static final int NONE = -1;
    /** Arrival port of a packet that arrived on no port any entry can name. */
    public static final int NO_PORT = -1;

    private final Topology topology;
    private final SwitchGraph graph;
    private final int n;
    private final int layers;
    /**
     * {@code first[layer * n + dst][sw]}: 1 + position of the only entry of a group of one any-port entry (it
     * applies to every packet), -(1 + position of the first entry) of any other group, 0 when there is none. Rows
     * are allocated for the (layer, destination) pairs that have entries.
     */
    private final int[][] first;
    private final int[] groupEnd;
    private final int[] inPortOf;
    private final int[] pathOf;
    private final int[] outStart;
    private final int[] outChannel;
    private final ForwardingEntry[] entries;
    private final IngressLayers ingress;
    /** Sorted distinct path tags of the entries towards each destination switch. */
    private final int[][] tagsToward;

    private ForwardingTable(Topology topology, RoutingResult result, Consumer<String> problems) {
        this.topology = topology;
        this.graph = topology.graph();
        this.n = graph.switchCount();
        this.layers = result.layers();
        List<ForwardingEntry> all = result.forwarding();
        if (all.size() > 1 << 24 || (long) layers * n * n >= 1L << 39) {
            throw new IllegalArgumentException("routes of " + result.engine() + ": " + all.size() + " entries on "
                    + n + " switches and " + layers + " layers, more than the forwarding index holds");
        }
        long[] packed = new long[all.size()];
        int count = 0;
        for (int i = 0; i < all.size(); i++) {
            ForwardingEntry e = all.get(i);
            int u = topology.switchIndex(e.switchId());
            int d = topology.switchIndex(e.dst());
            String problem = problem(e, u, d);
            if (problem != null) {
                problems.accept("forwarding[" + i + "] at " + e.switchId() + " for " + e.dst() + " layer " + e.layer()
                        + ": " + problem);
            } else if (u != d) {
                // (layer, destination, switch) above the input position: below 2^63 for up to 2^24 entries and any
                // fabric with layers * n^2 < 2^39
                packed[count++] = (((long) e.layer() * n + d) * n + u) << 24 | i;
            }
        }
        packed = Arrays.copyOf(packed, count);
        Arrays.sort(packed);
        sortGroups(packed, all);
        List<ForwardingEntry> kept = new ArrayList<>(count);
        long[] keys = new long[count];
        for (long pe : packed) {
            ForwardingEntry e = all.get((int) (pe & 0xFFFFFF));
            long key = pe >>> 24;
            int last = kept.size() - 1;
            if (last >= 0 && keys[last] == key && sameMatch(kept.get(last), e)) {
                problems.accept("duplicate entries at " + e.switchId() + " for " + e.dst() + " layer " + e.layer()
                        + " in_port " + e.inPort() + " path " + e.path());
                continue;
            }
            keys[kept.size()] = key;
            kept.add(e);
        }
        int size = kept.size();
        this.entries = kept.toArray(new ForwardingEntry[0]);
        this.groupEnd = new int[size];
        this.inPortOf = new int[size];
        this.pathOf = new int[size];
        this.outStart = new int[size + 1];
        this.first = new int[layers * n][];
        for (int i = 0; i < size; i++) {
            ForwardingEntry e = entries[i];
            inPortOf[i] = e.inPort() == null ? NO_PORT : e.inPort();
            pathOf[i] = e.path() == null ? -1 : e.path();
            outStart[i + 1] = outStart[i] + e.outPorts().size();
        }
        this.outChannel = new int[outStart[size]];
        for (int i = 0; i < size; i++) {
            ForwardingEntry e = entries[i];
            int u = (int) (keys[i] % n);
            for (int j = 0; j < e.outPorts().size(); j++) {
                outChannel[outStart[i] + j] = graph.channelAtPort(u, e.outPorts().get(j));
            }
        }
        for (int i = size - 1; i >= 0; i--) {
            groupEnd[i] = i + 1 < size && keys[i + 1] == keys[i] ? groupEnd[i + 1] : i + 1;
        }
        for (int i = 0; i < size; i++) {
            if (i == 0 || keys[i - 1] != keys[i]) {
                long key = keys[i];
                int row = (int) (key / n);
                if (first[row] == null) {
                    first[row] = new int[n];
                }
                boolean simple = groupEnd[i] == i + 1 && inPortOf[i] == NO_PORT;
                first[row][(int) (key % n)] = simple ? i + 1 : -(i + 1);
            }
        }
        this.tagsToward = indexTags();
        this.ingress = new IngressLayers(topology, result.layerOf());
    }

    /**
     * Indexes the entries of {@code result}.
     *
     * @throws IllegalArgumentException naming the first malformed entry (unknown switch or destination, layer
     *                                  outside the result's layers, an out port with no switch link) or duplicate
     */
    public static ForwardingTable of(Topology topology, RoutingResult result) {
        return new ForwardingTable(topology, result, problem -> {
            throw new IllegalArgumentException("routes of " + result.engine() + ": " + problem);
        });
    }

    /**
     * Indexes the entries of {@code result}, leaving out each malformed entry and each duplicate (the first of a
     * duplicate set stays) after telling {@code problems} about it.
     */
    public static ForwardingTable of(Topology topology, RoutingResult result, Consumer<String> problems) {
        return new ForwardingTable(topology, result, Objects.requireNonNull(problems));
    }

    /** The packet's path tag (DSCP) for an optional path id: 0 when there is none, as on the wire. */
    public static int tagOf(Integer path) {
        return path == null ? 0 : path;
    }

    /**
     * The entry switch {@code sw} applies to a packet for destination switch {@code dst} in {@code layer} that
     * arrived on port {@code inPort} ({@link #NO_PORT} for none) carrying path tag {@code tag}; {@link #NONE} when
     * no entry applies. Allocation-free.
     */
    public int lookup(int sw, int dst, int layer, int inPort, int tag) {
        if (layer < 0 || layer >= layers) {
            return NONE;
        }
        int[] row = first[layer * n + dst];
        int v = row == null ? 0 : row[sw];
        if (v >= 0) {
            return v - 1; // NONE when 0
        }
        int start = -v - 1;
        int end = groupEnd[start];
        if (inPort != NO_PORT) {
            int hit = pick(start, end, inPort, tag);
            if (hit != NONE) {
                return hit;
            }
        }
        return pick(start, end, NO_PORT, tag);
    }

    /** Within one in_port group: the entry for {@code tag}, else the untagged entry, else the lowest tag. */
    private int pick(int start, int end, int port, int tag) {
        int def = NONE;
        for (int i = start; i < end; i++) {
            if (inPortOf[i] != port) {
                continue;
            }
            if (pathOf[i] == tag) {
                return i;
            }
            if (def == NONE) {
                def = i; // sorted untagged first, then by tag: the group's first entry is its default
            }
        }
        return def;
    }

    /** How many out ports entry {@code e} has (more than one: an ECMP group the switch hashes over). */
    public int outCount(int e) {
        return outStart[e + 1] - outStart[e];
    }

    /** The {@link SwitchGraph} channel of out port {@code k} of entry {@code e}. */
    public int outChannel(int e, int k) {
        return outChannel[outStart[e] + k];
    }

    /** Out port {@code k} of entry {@code e}, as the entry names it. */
    public int outPort(int e, int k) {
        return graph.srcPort(outChannel(e, k));
    }

    /** The entry at position {@code e}, for messages. */
    public ForwardingEntry entry(int e) {
        return entries[e];
    }

    /**
     * The layer a packet from switch {@code src} to switch {@code dst} with path tag {@code tag} travels in, as
     * the source switch's ingress entry pushes it ({@link IngressLayers#layer}).
     */
    public int ingressLayer(int src, int dst, int tag) {
        return ingress.layer(src, dst, tag);
    }

    /** The distinct path ids {@code layer_of} lists for the pair, ascending (empty when it lists none). */
    public int[] pairTags(int src, int dst) {
        return ingress.tags(src, dst);
    }

    /** The distinct path tags of the entries towards destination switch {@code dst}, ascending. */
    public int[] tagsToward(int dst) {
        return tagsToward[dst].clone();
    }

    public Topology topology() {
        return topology;
    }

    public SwitchGraph graph() {
        return graph;
    }

    /** The result's layer count. */
    public int layers() {
        return layers;
    }

    /** Indexed entries (after leaving out malformed ones, duplicates and entries at their own destination). */
    public int size() {
        return entries.length;
    }

    private int[][] indexTags() {
        List<java.util.TreeSet<Integer>> tags = new ArrayList<>(n);
        for (int d = 0; d < n; d++) {
            tags.add(new java.util.TreeSet<>());
        }
        for (ForwardingEntry e : entries) {
            if (e.path() != null) {
                tags.get(topology.switchIndex(e.dst())).add(e.path());
            }
        }
        int[][] out = new int[n][];
        for (int d = 0; d < n; d++) {
            out[d] = tags.get(d).stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }

    /**
     * Orders each run of equal (layer, destination, switch) keys by match: a specific in_port first, any port
     * last, untagged first, then by tag, and input order among equals (the first of duplicates stays).
     */
    private static void sortGroups(long[] packed, List<ForwardingEntry> all) {
        int start = 0;
        while (start < packed.length) {
            int end = start + 1;
            while (end < packed.length && packed[end] >>> 24 == packed[start] >>> 24) {
                end++;
            }
            if (end - start > 1) {
                Long[] group = new Long[end - start];
                for (int i = start; i < end; i++) {
                    group[i - start] = packed[i];
                }
                Arrays.sort(group, (a, b) -> {
                    int c = compareMatch(all.get((int) (a & 0xFFFFFF)), all.get((int) (b & 0xFFFFFF)));
                    return c != 0 ? c : Long.compare(a, b);
                });
                for (int i = start; i < end; i++) {
                    packed[i] = group[i - start];
                }
            }
            start = end;
        }
    }

    private static int compareMatch(ForwardingEntry a, ForwardingEntry b) {
        int c = Integer.compare(a.inPort() == null ? Integer.MAX_VALUE : a.inPort(),
                b.inPort() == null ? Integer.MAX_VALUE : b.inPort());
        return c != 0 ? c : Integer.compare(a.path() == null ? -1 : a.path(), b.path() == null ? -1 : b.path());
    }

    private static boolean sameMatch(ForwardingEntry a, ForwardingEntry b) {
        return Objects.equals(a.inPort(), b.inPort()) && Objects.equals(a.path(), b.path());
    }

    private String problem(ForwardingEntry e, int u, int d) {
        if (u < 0) {
            return "unknown switch " + e.switchId();
        }
        if (d < 0) {
            return "unknown destination switch " + e.dst();
        }
        if (e.layer() < 0 || e.layer() >= layers) {
            return "layer outside 0.." + (layers - 1);
        }
        for (int port : e.outPorts()) {
            if (graph.channelAtPort(u, port) < 0) {
                return "out port " + port + " has no switch link (expected a port in " + portsOf(u) + ")";
            }
        }
        return null;
    }

    private String portsOf(int u) {
        StringBuilder sb = new StringBuilder("[");
        for (int c : graph.out(u)) {
            sb.append(sb.length() > 1 ? ", " : "").append(graph.srcPort(c));
        }
        return sb.append(']').toString();
    }
}
