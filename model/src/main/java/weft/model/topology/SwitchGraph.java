package weft.model.topology;

import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * The switch graph of a {@link Topology} as dense integer arrays: switch {@code u} is
 * {@code topology.switches().get(u)}, channel {@code 2i} is link {@code i} from a to b and channel {@code 2i+1} is
 * link {@code i} from b to a. Built once per topology; all routing and rate algorithms run on it.
 *
 * <p>Derived facts (all-pairs BFS distances, components, diameter, degree histogram) are computed on first use.
 * Arrays returned by accessors are shared: callers must not modify them.
 */
public final class SwitchGraph {
    private final Topology topology;
    private final int n;
    private final int[] chSrc;
    private final int[] chDst;
    private final int[] chSrcPort;
    private final int[] chDstPort;
    private final double[] chGbps;
    private final int[][] out;
    private final int[][] in;
    private final int[][] hostsAt;
    private final int[][] portToChannel;
    private volatile int[][] dist;
    private volatile int[] component;

    SwitchGraph(Topology topology) {
        this.topology = topology;
        List<Switch> switches = topology.switches();
        List<Link> links = topology.links();
        this.n = switches.size();
        int m = 2 * links.size();
        chSrc = new int[m];
        chDst = new int[m];
        chSrcPort = new int[m];
        chDstPort = new int[m];
        chGbps = new double[m];
        int[] outDeg = new int[n];
        int[] inDeg = new int[n];
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            int a = topology.switchIndex(l.a());
            int b = topology.switchIndex(l.b());
            set(2 * i, a, b, l.aPort(), l.bPort(), l.gbps());
            set(2 * i + 1, b, a, l.bPort(), l.aPort(), l.gbps());
            outDeg[a]++;
            outDeg[b]++;
            inDeg[a]++;
            inDeg[b]++;
        }
        out = new int[n][];
        in = new int[n][];
        portToChannel = new int[n][];
        for (int u = 0; u < n; u++) {
            out[u] = new int[outDeg[u]];
            in[u] = new int[inDeg[u]];
            portToChannel[u] = new int[switches.get(u).ports() + 1];
            Arrays.fill(portToChannel[u], -1);
        }
        int[] fillOut = new int[n];
        int[] fillIn = new int[n];
        for (int c = 0; c < m; c++) {
            out[chSrc[c]][fillOut[chSrc[c]]++] = c;
            in[chDst[c]][fillIn[chDst[c]]++] = c;
            portToChannel[chSrc[c]][chSrcPort[c]] = c;
        }
        // Out-channels in port order so that "first" means lowest port, as OpenSM's BFS does.
        for (int u = 0; u < n; u++) {
            sortByPort(out[u], chSrcPort);
            sortByPort(in[u], chDstPort);
        }
        int[] hostCount = new int[n];
        for (Host h : topology.hosts()) {
            hostCount[topology.switchIndex(h.switchId())]++;
        }
        hostsAt = new int[n][];
        for (int u = 0; u < n; u++) {
            hostsAt[u] = new int[hostCount[u]];
        }
        int[] fillHosts = new int[n];
        List<Host> hosts = topology.hosts();
        for (int h = 0; h < hosts.size(); h++) {
            int u = topology.switchIndex(hosts.get(h).switchId());
            hostsAt[u][fillHosts[u]++] = h;
        }
    }

    private void set(int c, int src, int dst, int srcPort, int dstPort, double gbps) {
        chSrc[c] = src;
        chDst[c] = dst;
        chSrcPort[c] = srcPort;
        chDstPort[c] = dstPort;
        chGbps[c] = gbps;
    }

    private static void sortByPort(int[] channels, int[] port) {
        Integer[] boxed = Arrays.stream(channels).boxed().toArray(Integer[]::new);
        Arrays.sort(boxed, (x, y) -> Integer.compare(port[x], port[y]));
        for (int i = 0; i < channels.length; i++) {
            channels[i] = boxed[i];
        }
    }

    public Topology topology() {
        return topology;
    }

    /** Number of switches. */
    public int switchCount() {
        return n;
    }

    /** Number of directed channels (twice the number of links). */
    public int channelCount() {
        return chSrc.length;
    }

    public int src(int channel) {
        return chSrc[channel];
    }

    public int dst(int channel) {
        return chDst[channel];
    }

    /** Port on the source switch that the channel leaves through. */
    public int srcPort(int channel) {
        return chSrcPort[channel];
    }

    /** Port on the destination switch that the channel arrives on. */
    public int dstPort(int channel) {
        return chDstPort[channel];
    }

    public double gbps(int channel) {
        return chGbps[channel];
    }

    /** The link a channel belongs to. */
    public static int linkOf(int channel) {
        return channel >>> 1;
    }

    /** The channel in the opposite direction on the same link. */
    public static int reverse(int channel) {
        return channel ^ 1;
    }

    /** Channels leaving switch u, in port order. */
    public int[] out(int u) {
        return out[u];
    }

    /** Channels arriving at switch u, in port order. */
    public int[] in(int u) {
        return in[u];
    }

    /** Host indexes (into {@code topology().hosts()}) attached to switch u. */
    public int[] hostsAt(int u) {
        return hostsAt[u];
    }

    /** The channel leaving switch u through the given port, or -1 if that port has no switch link. */
    public int channelAtPort(int u, int port) {
        return port >= 1 && port < portToChannel[u].length ? portToChannel[u][port] : -1;
    }

    public String switchId(int u) {
        return topology.switches().get(u).id();
    }

    /** Number of links at switch u (parallel links counted separately). */
    public int degree(int u) {
        return out[u].length;
    }

    /** Hop distances between switches by BFS; {@code Integer.MAX_VALUE} where unreachable. Computed once. */
    public int[][] distances() {
        int[][] d = dist;
        if (d == null) {
            synchronized (this) {
                d = dist;
                if (d == null) {
                    d = new int[n][];
                    for (int s = 0; s < n; s++) {
                        d[s] = bfsFrom(s);
                    }
                    dist = d;
                }
            }
        }
        return d;
    }

    /** Hop distances from one switch, by BFS over channels. */
    public int[] bfsFrom(int source) {
        return bfsFrom(u -> u == source);
    }

    /**
     * Hop distances from the nearest of the switches {@code sources} accepts, by one BFS over channels started from
     * all of them; {@code Integer.MAX_VALUE} where none reaches.
     */
    public int[] bfsFrom(IntPredicate sources) {
        int[] d = new int[n];
        Arrays.fill(d, Integer.MAX_VALUE);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int u = 0; u < n; u++) {
            if (sources.test(u)) {
                d[u] = 0;
                queue[tail++] = u;
            }
        }
        while (head < tail) {
            int u = queue[head++];
            for (int c : out[u]) {
                int v = chDst[c];
                if (d[v] == Integer.MAX_VALUE) {
                    d[v] = d[u] + 1;
                    queue[tail++] = v;
                }
            }
        }
        return d;
    }

    /** Component number of each switch (0-based, in order of the lowest switch index in each). */
    public int[] components() {
        int[] comp = component;
        if (comp == null) {
            comp = components(c -> true);
            component = comp;
        }
        return comp;
    }

    /**
     * Component number of each switch in the graph of only the channels {@code keep} accepts (0-based, in order of
     * the lowest switch index in each): a depth-first labelling, O(switches + channels).
     */
    public int[] components(IntPredicate keep) {
        int[] comp = new int[n];
        Arrays.fill(comp, -1);
        int next = 0;
        int[] stack = new int[n];
        for (int s = 0; s < n; s++) {
            if (comp[s] >= 0) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            comp[s] = next;
            while (top > 0) {
                int u = stack[--top];
                for (int c : out[u]) {
                    int v = chDst[c];
                    if (comp[v] < 0 && keep.test(c)) {
                        comp[v] = next;
                        stack[top++] = v;
                    }
                }
            }
            next++;
        }
        return comp;
    }

    public int componentCount() {
        int[] comp = components();
        int max = -1;
        for (int c : comp) {
            max = Math.max(max, c);
        }
        return max + 1;
    }

    public boolean isConnected() {
        return n <= 1 || componentCount() == 1;
    }

    /** Largest finite switch-to-switch hop distance (0 for fewer than two switches). */
    public int diameter() {
        int max = 0;
        for (int[] row : distances()) {
            for (int d : row) {
                if (d != Integer.MAX_VALUE) {
                    max = Math.max(max, d);
                }
            }
        }
        return max;
    }

    /** Switch degree (inter-switch links) to the number of switches with that degree. */
    public SortedMap<Integer, Integer> degreeHistogram() {
        SortedMap<Integer, Integer> histogram = new TreeMap<>();
        for (int u = 0; u < n; u++) {
            histogram.merge(degree(u), 1, Integer::sum);
        }
        return histogram;
    }
}
