package weft.model.routing.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import weft.model.routing.ForwardingTable;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.routing.verify.VerificationReport.Findings;
import weft.model.routing.verify.VerificationReport.LayerVerdict;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Checks a routing result from its forwarding entries alone, independently of the engine that made it.
 *
 * <p>For every ordered pair of switches listed in {@code layer_of} (each layer and path tag listed for it), the
 * verifier starts at the source switch as a packet from one of its hosts, looks up the entry that a switch would
 * apply (destination, layer, path tag, and arrival port where entries name one), and follows every out port of
 * the entry (ECMP groups branch) until the destination switch. It reports pairs that {@code layer_of} misses,
 * black holes, forwarding loops, malformed entries and, when the engine promises shortest paths, any hop that does
 * not bring the packet one hop closer. Each consecutive pair of channels a walk uses is a channel dependency of its
 * layer; after all walks, each layer's channel dependency graph is tested for a cycle, and one cycle is given as a
 * witness when there is one.
 *
 * <p>Source: seed 002 §2 (Dally and Seitz: a routing is deadlock-free when its channel dependency graph is acyclic, per
 * virtual channel: §2.1.3).
 *
 * <p>Entry lookup: as a switch applies the compiled entries ({@link ForwardingTable}: an entry for the arrival
 * port beats any-port entries, within them the entry for the walk's path tag beats the group's default; a pair
 * listed without a path carries tag 0, as on the wire). A walk starts with the arrival port of the source switch's
 * first host (so entries that name host ports apply), or no port when the switch has no host. Malformed and
 * duplicate entries are reported and left out of the walks.
 *
 * <p>Cost: one indexing pass over the entries, then per walk at most one visit per channel. Dependencies are
 * kept as one bit per turn (arrival channel, departure channel) at each switch, so memory is the sum of squared
 * degrees per layer. Decision: U-turns (leaving on the arrival link) are walked like any other turn.
 *
 * <p>Decision: one class of about 370 lines, because the walks, the dependencies they record and the reports they
 * give are one check; the entry lookup it shares with every other reader is {@link ForwardingTable}.
 */
public final class DeadlockVerifier {
    private final Topology topology;
    private final SwitchGraph g;
    private final RoutingResult result;
    private final int n;
    private final int layers;
    private final int[] inPos;
    private final int[] outPos;
    private final int[] turnBase;
    private final long[][] turnBits;
    private final int[] hostPort;

    private ForwardingTable table;

    private final Collector missingPairs = new Collector();
    private final Collector unreachable = new Collector();
    private final Collector loops = new Collector();
    private final Collector malformed = new Collector();
    private final Collector nonShortest = new Collector();

    private DeadlockVerifier(Topology topology, RoutingResult result) {
        this.topology = topology;
        this.g = topology.graph();
        this.result = result;
        this.n = g.switchCount();
        this.layers = result.layers();
        int m = g.channelCount();
        inPos = new int[m];
        outPos = new int[m];
        turnBase = new int[n + 1];
        hostPort = new int[n];
        for (int u = 0; u < n; u++) {
            int[] out = g.out(u);
            int[] in = g.in(u);
            for (int i = 0; i < out.length; i++) {
                outPos[out[i]] = i;
            }
            for (int i = 0; i < in.length; i++) {
                inPos[in[i]] = i;
            }
            turnBase[u + 1] = turnBase[u] + out.length * out.length;
            int[] hosts = g.hostsAt(u);
            hostPort[u] = hosts.length == 0 ? -1 : topology.hosts().get(hosts[0]).port();
        }
        turnBits = new long[layers][(turnBase[n] + 63) >>> 6];
    }

    /**
     * Verifies a routing result against its topology.
     *
     * @param topology the fabric the result was computed for
     * @param result   the result; only its {@code layer_of}, forwarding entries, layer count and shortest-path
     *                 promise are used
     * @return what was found; never throws on a bad result, which is reported instead
     */
    public static VerificationReport verify(Topology topology, RoutingResult result) {
        return new DeadlockVerifier(topology, result).run();
    }

    private VerificationReport run() {
        table = ForwardingTable.of(topology, result, malformed::add);
        int[][] dist = result.promisesShortest() ? g.distances() : null;
        int m = g.channelCount();
        int[] load = new int[m];
        Walker walker = new Walker(m, load, dist);
        boolean[] listed = new boolean[n * n];
        int pairs = 0;
        long lengthSum = 0;
        int maxLength = 0;
        List<PairLayer> layerOf = result.layerOf();
        // Walk destination by destination: the entries toward one destination sit together in memory.
        long[] order = new long[layerOf.size()];
        for (int i = 0; i < order.length; i++) {
            PairLayer p = layerOf.get(i);
            long d = Math.max(0, topology.switchIndex(p.dst()));
            long l = Math.max(0, Math.min(p.layer(), layers - 1));
            order[i] = (l * n + d) << 24 | i;
        }
        boolean byDestination = order.length <= 0xFFFFFF;
        if (byDestination) {
            Arrays.sort(order);
        }
        for (int k = 0; k < order.length; k++) {
            int i = byDestination ? (int) (order[k] & 0xFFFFFF) : k;
            PairLayer p = layerOf.get(i);
            int s = topology.switchIndex(p.src());
            int d = topology.switchIndex(p.dst());
            if (s < 0 || d < 0 || s == d || p.layer() < 0 || p.layer() >= layers) {
                malformed.add("layer_of[" + i + "]: " + p.src() + "->" + p.dst() + " layer " + p.layer() + ": "
                        + (s < 0 || d < 0 ? "unknown switch" : s == d ? "source equals destination"
                        : "layer outside 0.." + (layers - 1)));
                continue;
            }
            listed[s * n + d] = true;
            pairs++;
            int len = walker.walk(s, d, p.layer(), p.path());
            if (len > 0) {
                lengthSum += len;
                maxLength = Math.max(maxLength, len);
            }
        }
        for (int s = 0; s < n; s++) {
            if (g.hostsAt(s).length == 0) {
                continue;
            }
            for (int d = 0; d < n; d++) {
                if (d != s && g.hostsAt(d).length > 0 && !listed[s * n + d]) {
                    missingPairs.add(g.switchId(s) + "->" + g.switchId(d));
                }
            }
        }
        int maxLoad = 0;
        for (int l : load) {
            maxLoad = Math.max(maxLoad, l);
        }
        List<LayerVerdict> verdicts = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            verdicts.add(checkLayer(l));
        }
        return new VerificationReport(pairs, missingPairs.findings(), unreachable.findings(), loops.findings(),
                malformed.findings(), nonShortest.findings(), verdicts, maxLength,
                pairs == 0 ? 0.0 : (double) lengthSum / pairs, maxLoad);
    }

    private String channelName(int c) {
        return g.switchId(g.src(c)) + ":" + g.srcPort(c) + "->" + g.switchId(g.dst(c)) + ":" + g.dstPort(c);
    }

    /** Depth-first walks over arrival channels; per-walk state is reset by stamping. */
    private final class Walker {
        private final int[] load;
        private final int[][] dist;
        private final int[] seen;
        private final int[] onStack;
        private final int[] longest;
        private final int[] stackCh;
        private final int[] stackNext;
        private final int[] stackEntry;
        private int stamp;

        Walker(int m, int[] load, int[][] dist) {
            this.load = load;
            this.dist = dist;
            seen = new int[m];
            onStack = new int[m];
            longest = new int[m];
            stackCh = new int[m + 1];
            stackNext = new int[m + 1];
            stackEntry = new int[m + 1];
        }

        /** Walks one (pair, layer, tag); returns its longest delivered path in hops, or 0 when nothing arrives. */
        int walk(int s, int d, int layer, Integer path) {
            stamp++;
            boolean reportedHole = false;
            boolean reportedLong = false;
            boolean reportedLoop = false;
            long[] bits = turnBits[layer];
            int tag = ForwardingTable.tagOf(path);
            int first = table.lookup(s, d, layer, hostPort[s], tag);
            if (first < 0) {
                unreachable.add(what(s, d, layer, path) + ": no entry at " + g.switchId(s) + " for "
                        + g.switchId(d));
                return 0;
            }
            int top = 0;
            stackCh[0] = -1;
            stackNext[0] = 0;
            stackEntry[0] = first;
            int best = -1;
            while (top >= 0) {
                int cin = stackCh[top];
                int e = stackEntry[top];
                int u = cin < 0 ? s : g.dst(cin);
                if (e >= 0 && stackNext[top] < table.outCount(e)) {
                    int cout = table.outChannel(e, stackNext[top]++);
                    if (cin >= 0) {
                        int t = turnBase[u] + inPos[cin] * g.degree(u) + outPos[cout];
                        bits[t >>> 6] |= 1L << t;
                    }
                    if (onStack[cout] == stamp) {
                        if (!reportedLoop) {
                            loops.add(what(s, d, layer, path) + ": loop " + loopText(top, cout));
                            reportedLoop = true;
                        }
                        continue;
                    }
                    if (seen[cout] == stamp) {
                        continue;
                    }
                    seen[cout] = stamp;
                    longest[cout] = -1;
                    load[cout]++;
                    int v = g.dst(cout);
                    if (dist != null && !reportedLong && dist[v][d] != dist[u][d] - 1) {
                        nonShortest.add(what(s, d, layer, path) + ": hop " + channelName(cout)
                                + " does not approach " + g.switchId(d) + " (distance " + dist[u][d] + " -> "
                                + dist[v][d] + ")");
                        reportedLong = true;
                    }
                    if (v == d) {
                        longest[cout] = 0;
                        continue;
                    }
                    int next = table.lookup(v, d, layer, g.dstPort(cout), tag);
                    if (next < 0 && !reportedHole) {
                        unreachable.add(what(s, d, layer, path) + ": no entry at " + g.switchId(v) + " for "
                                + g.switchId(d) + " (arriving on port " + g.dstPort(cout) + ")");
                        reportedHole = true;
                    }
                    top++;
                    stackCh[top] = cout;
                    stackNext[top] = 0;
                    stackEntry[top] = next;
                    onStack[cout] = stamp;
                } else {
                    int max = -1;
                    if (e >= 0) {
                        for (int i = 0; i < table.outCount(e); i++) {
                            int c = table.outChannel(e, i);
                            if (seen[c] == stamp && onStack[c] != stamp && longest[c] >= 0) {
                                max = Math.max(max, longest[c] + 1);
                            }
                        }
                    }
                    if (cin >= 0) {
                        longest[cin] = max;
                        onStack[cin] = 0;
                    } else {
                        best = max;
                    }
                    top--;
                }
            }
            return Math.max(best, 0);
        }

        private String what(int s, int d, int layer, Integer path) {
            return g.switchId(s) + "->" + g.switchId(d) + " layer " + layer + (path == null ? "" : " path " + path);
        }

        private String loopText(int top, int repeated) {
            List<String> chain = new ArrayList<>();
            int from = top;
            while (from > 0 && stackCh[from] != repeated) {
                from--;
            }
            for (int i = from; i <= top; i++) {
                chain.add(channelName(stackCh[i]));
            }
            chain.add(channelName(repeated));
            return String.join(", ", chain);
        }
    }

    /** Cycle search on one layer's dependency graph (iterative DFS, white/grey/black). */
    private LayerVerdict checkLayer(int layer) {
        long[] bits = turnBits[layer];
        int dependencies = 0;
        for (long w : bits) {
            dependencies += Long.bitCount(w);
        }
        int m = g.channelCount();
        byte[] color = new byte[m];
        int[] stack = new int[m];
        int[] next = new int[m];
        for (int root = 0; root < m; root++) {
            if (color[root] != 0) {
                continue;
            }
            int top = 0;
            stack[0] = root;
            next[0] = 0;
            color[root] = 1;
            while (top >= 0) {
                int c = stack[top];
                int u = g.dst(c);
                int deg = g.degree(u);
                int base = turnBase[u] + inPos[c] * deg;
                int j = next[top];
                while (j < deg && (bits[(base + j) >>> 6] & (1L << (base + j))) == 0) {
                    j++;
                }
                if (j == deg) {
                    color[c] = 2;
                    top--;
                    continue;
                }
                next[top] = j + 1;
                int d = g.out(u)[j];
                if (color[d] == 1) {
                    List<String> cycle = new ArrayList<>();
                    int from = top;
                    while (stack[from] != d) {
                        from--;
                    }
                    for (int i = from; i <= top; i++) {
                        cycle.add(channelName(stack[i]));
                    }
                    return new LayerVerdict(layer, dependencies, false, cycle);
                }
                if (color[d] == 0) {
                    color[d] = 1;
                    top++;
                    stack[top] = d;
                    next[top] = 0;
                }
            }
        }
        return new LayerVerdict(layer, dependencies, true, List.of());
    }

    /** Counts findings and keeps the first few. */
    private static final class Collector {
        private int count;
        private final List<String> examples = new ArrayList<>();

        void add(String text) {
            count++;
            if (examples.size() < Findings.MAX_EXAMPLES) {
                examples.add(text);
            }
        }

        Findings findings() {
            return new Findings(count, examples);
        }
    }
}
