package weft.model.sim;

import java.util.List;

import weft.model.routing.ForwardingTable;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The fabric as the simulator sees it, as dense arrays built once: nodes (switches {@code 0..S-1}, then hosts),
 * directed channels (switch links numbered as in {@link SwitchGraph}, then per host its up and down channel), the
 * lanes and virtual channels of every port, and each switch pair's paths: the path tags {@code layer_of} lists
 * and the layer the source switch's ingress entry gives each ({@link ForwardingTable}), tag 0 when it lists none.
 */
final class Fabric {
    final Topology topology;
    final int switches;
    final int hosts;
    final int channels;
    final int switchChannels;
    final int[] chSrc;
    final int[] chDst;
    final int[] chSrcPort;
    final int[] chDstPort;
    final long[] chLatencyPs;
    final long[] chMbps;
    /** {@code outAt[u][port]}: the channel leaving switch u by that port, or -1. */
    final int[][] outAt;
    final int[] hostSwitch;
    final int[] hostPort;
    final int[] hostUp;
    final int[] hostDown;
    /** Routing layers; a packet's lane is {@code class * layers + layer}. */
    final int layers;
    /** Traffic classes ({@link SimConfig#classPriorities()}). */
    final int classes;
    final int lanes;
    final int vcs;
    /** Strict priority of each lane (its class's), 0 first. */
    final int[] lanePriority;
    final int[] laneFirstVc;
    final int[] laneVcCount;
    final int[] vcLane;
    final int maxPorts;
    /** Most paths {@code layer_of} lists for one pair of switches. */
    final int maxPaths;
    private final int[] ordinal;
    private final int hostSwitchCount;
    private final int[] pairStart;
    private final int[] pairLayer;
    private final int[] pairTag;

    Fabric(Topology topology, RoutingResult routes, ForwardingTable table, SimConfig config) {
        int vcsWanted = config.vcs();
        long hostLatencyPs = config.hostLatencyPs();
        this.topology = topology;
        SwitchGraph g = topology.graph();
        switches = g.switchCount();
        hosts = topology.hosts().size();
        switchChannels = g.channelCount();
        channels = switchChannels + 2 * hosts;
        chSrc = new int[channels];
        chDst = new int[channels];
        chSrcPort = new int[channels];
        chDstPort = new int[channels];
        chLatencyPs = new long[channels];
        chMbps = new long[channels];
        outAt = new int[switches][];
        int mp = 0;
        for (int u = 0; u < switches; u++) {
            int ports = topology.switches().get(u).ports();
            mp = Math.max(mp, ports);
            outAt[u] = new int[ports + 1];
            java.util.Arrays.fill(outAt[u], -1);
        }
        maxPorts = mp;
        for (int c = 0; c < switchChannels; c++) {
            chSrc[c] = g.src(c);
            chDst[c] = g.dst(c);
            chSrcPort[c] = g.srcPort(c);
            chDstPort[c] = g.dstPort(c);
            chLatencyPs[c] = Math.round(topology.links().get(SwitchGraph.linkOf(c)).latencyUs() * 1e6);
            chMbps[c] = Math.max(1, Math.round(g.gbps(c) * 1000));
            outAt[g.src(c)][g.srcPort(c)] = c;
        }
        hostSwitch = new int[hosts];
        hostPort = new int[hosts];
        hostUp = new int[hosts];
        hostDown = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            Host host = topology.hosts().get(h);
            int u = topology.switchIndex(host.switchId());
            int up = switchChannels + 2 * h;
            int down = up + 1;
            hostSwitch[h] = u;
            hostPort[h] = host.port();
            hostUp[h] = up;
            hostDown[h] = down;
            long mbps = Math.max(1, Math.round(host.gbps() * 1000));
            chSrc[up] = switches + h;
            chDst[up] = u;
            chSrcPort[up] = 1;
            chDstPort[up] = host.port();
            chSrc[down] = u;
            chDst[down] = switches + h;
            chSrcPort[down] = host.port();
            chDstPort[down] = 1;
            chLatencyPs[up] = hostLatencyPs;
            chLatencyPs[down] = hostLatencyPs;
            chMbps[up] = mbps;
            chMbps[down] = mbps;
            outAt[u][host.port()] = down;
        }
        layers = routes.layers();
        classes = config.classes();
        lanes = layers * classes;
        vcs = vcsWanted == 0 ? lanes : vcsWanted;
        if (vcs < lanes) {
            throw new IllegalArgumentException("--vcs " + vcs + " is fewer than the " + lanes + " lanes ("
                    + layers + " layers of the " + routes.engine() + " routes x " + classes
                    + " traffic classes; each needs its own virtual channel)");
        }
        lanePriority = new int[lanes];
        for (int l = 0; l < lanes; l++) {
            lanePriority[l] = config.classPriority(l / layers);
        }
        laneFirstVc = new int[lanes];
        laneVcCount = new int[lanes];
        vcLane = new int[vcs];
        for (int l = 0; l < lanes; l++) {
            laneFirstVc[l] = l * vcs / lanes;
            laneVcCount[l] = (l + 1) * vcs / lanes - laneFirstVc[l];
            for (int v = laneFirstVc[l]; v < laneFirstVc[l] + laneVcCount[l]; v++) {
                vcLane[v] = l;
            }
        }
        ordinal = new int[switches];
        java.util.Arrays.fill(ordinal, -1);
        int[] hostSwitch = new int[switches];
        int k = 0;
        for (int u = 0; u < switches; u++) {
            if (g.hostsAt(u).length > 0) {
                hostSwitch[k] = u;
                ordinal[u] = k++;
            }
        }
        hostSwitchCount = k;
        checkLayerOf(topology, routes);
        long pairs = (long) k * k;
        if (pairs > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("fabric " + topology.name() + ": " + k
                    + " switches with hosts are more than the simulator indexes");
        }
        // each ordered pair's paths (layer, tag) as the source switch's ingress entries read them; pair i joins the
        // host switches of ordinals i / k and i % k: first its offset, then its entries
        pairStart = new int[(int) pairs + 1];
        int[][] tags = new int[(int) pairs][];
        int total = 0;
        for (int i = 0; i < pairs; i++) {
            int s = hostSwitch[i / k];
            int d = hostSwitch[i % k];
            int[] t = s == d ? new int[0] : table.pairTags(s, d);
            tags[i] = t.length == 0 ? new int[] {ForwardingTable.tagOf(null)} : t;
            pairStart[i] = total;
            total += s == d ? 0 : tags[i].length;
        }
        pairLayer = new int[total];
        pairTag = new int[total];
        for (int i = 0; i < pairs; i++) {
            int s = hostSwitch[i / k];
            int d = hostSwitch[i % k];
            for (int j = 0; s != d && j < tags[i].length; j++) {
                pairLayer[pairStart[i] + j] = table.ingressLayer(s, d, tags[i][j]);
                pairTag[pairStart[i] + j] = tags[i][j];
            }
        }
        pairStart[(int) pairs] = total;
        int most = 1;
        for (int i = 0; i < pairs; i++) {
            most = Math.max(most, pairStart[i + 1] - pairStart[i]);
        }
        maxPaths = most;
    }

    /** Refuses {@code layer_of} entries of unknown switches or layers and pairs of host switches it misses. */
    private void checkLayerOf(Topology topology, RoutingResult routes) {
        int k = hostSwitchCount;
        boolean[] listed = new boolean[k * k];
        List<PairLayer> layerOf = routes.layerOf();
        for (int i = 0; i < layerOf.size(); i++) {
            PairLayer p = layerOf.get(i);
            int s = topology.switchIndex(p.src());
            int d = topology.switchIndex(p.dst());
            if (s < 0 || d < 0 || ordinal[s] < 0 || ordinal[d] < 0) {
                throw new IllegalArgumentException("routes: layer_of[" + i + "] " + p.src() + "->" + p.dst()
                        + " names a switch that is unknown or has no hosts (routes for another topology?)");
            }
            if (p.layer() < 0 || p.layer() >= layers) {
                throw new IllegalArgumentException("routes: layer_of[" + i + "] " + p.src() + "->" + p.dst()
                        + ": layer " + p.layer() + " outside 0.." + (layers - 1));
            }
            listed[ordinal[s] * k + ordinal[d]] = true;
        }
        for (int i = 0; i < k * k; i++) {
            if (!listed[i] && i / k != i % k) {
                throw new IllegalArgumentException("routes: layer_of has no entry for "
                        + nodeName(switchOfOrdinal(i / k)) + "->" + nodeName(switchOfOrdinal(i % k))
                        + " (routes for another topology?)");
            }
        }
    }

    private int switchOfOrdinal(int o) {
        for (int u = 0; u < switches; u++) {
            if (ordinal[u] == o) {
                return u;
            }
        }
        return -1;
    }

    /** Dense index of switch u among the switches with hosts, -1 when it has none. */
    int hostSwitchOrdinal(int u) {
        return ordinal[u];
    }

    /** Number of switches with hosts. */
    int hostSwitches() {
        return hostSwitchCount;
    }

    /** Paths (layer and tag choices) of the pair of switches {@code s -> d}; 0 when s == d. */
    int pathCount(int s, int d) {
        int i = ordinal[s] * hostSwitchCount + ordinal[d];
        return pairStart[i + 1] - pairStart[i];
    }

    /** Layer of the pair's {@code path}-th choice. */
    int pairLayer(int s, int d, int path) {
        return pairLayer[pairStart[ordinal[s] * hostSwitchCount + ordinal[d]] + path];
    }

    /** Tag of the pair's {@code path}-th choice (0 when the pair has one untagged path, as on the wire). */
    int pairTag(int s, int d, int path) {
        return pairTag[pairStart[ordinal[s] * hostSwitchCount + ordinal[d]] + path];
    }

    /** The lane of a packet of traffic class {@code cls} in routing layer {@code layer}. */
    int lane(int cls, int layer) {
        return cls * layers + layer;
    }

    /** True when the channel ends at a host. */
    boolean toHost(int c) {
        return chDst[c] >= switches;
    }

    /** True when the channel starts at a host. */
    boolean fromHost(int c) {
        return chSrc[c] >= switches;
    }

    /** Serialisation time of {@code bytes} on channel c, in picoseconds (rounded up). */
    long serPs(int c, long bytes) {
        long m = chMbps[c];
        return (bytes * 8_000_000L + m - 1) / m;
    }

    /** Name of a node: the switch or host id. */
    String nodeName(int node) {
        return node < switches ? topology.switches().get(node).id() : topology.hosts().get(node - switches).id();
    }

    /** The channel as {@code s1:2->s2:3} (switch:port at each end; a host end is its id alone). */
    String channelName(int c) {
        return end(chSrc[c], chSrcPort[c]) + "->" + end(chDst[c], chDstPort[c]);
    }

    private String end(int node, int port) {
        return node < switches ? nodeName(node) + ":" + port : nodeName(node);
    }

    /** The input buffer of virtual channel {@code vc} at the far end of channel c, as {@code switch:port:vc}. */
    String bufferName(int c, int vc) {
        return nodeName(chDst[c]) + ":" + chDstPort[c] + ":" + vc;
    }
}
