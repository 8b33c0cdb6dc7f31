package weft.model.routing;

import java.util.Arrays;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The switch path a routing result gives one (source switch, destination switch, layer, path tag), found by walking
 * its {@link ForwardingTable} as the packet would go: it starts at the source switch as a packet from the switch's
 * first host (arrival port = that host's port), and at each switch takes the entry the switch applies, leaves
 * through its first out port and continues at the far end of that channel.
 *
 * <p>Decision: an ECMP group (several out ports) contributes its first port, since a fluid rate allocation and a
 * printed path need one path per pair (the verifier and the agents' path offers follow every port instead). What a
 * walk that breaks yields is the caller's choice, {@link BrokenWalk}.
 *
 * <p>Used for the {@code paths} list of a {@code weft-routes/1} file ({@link BrokenWalk#OMIT}: the verifier reports
 * the broken walks) and for the flows' paths of a rate allocation ({@link BrokenWalk#FAIL}: an allocation on a
 * broken route would be wrong). Source: the walk of seed 002 §2 (a route is the sequence of channels the
 * forwarding tables give) on the entries as the switches read them.
 */
public final class RoutedPaths {
    /** What a broken walk yields. */
    public enum BrokenWalk {
        /** No entry on the way, or a loop: {@code null} (the path is left out). */
        OMIT,
        /**
         * No entry on the way: {@code null}, for the caller to name the flow that has no route; a loop: an
         * {@link IllegalArgumentException} naming the routes, the pair and the switch it loops at. Malformed entries
         * are refused when the paths are built.
         */
        FAIL
    }

    private final ForwardingTable table;
    private final SwitchGraph graph;
    private final BrokenWalk onBroken;
    private final String source;
    private final int[] hostPort;

    /**
     * @param source name of the routes input, used in errors
     */
    public RoutedPaths(ForwardingTable table, BrokenWalk onBroken, String source) {
        this.table = table;
        this.graph = table.graph();
        this.onBroken = onBroken;
        this.source = source;
        Topology t = table.topology();
        this.hostPort = new int[graph.switchCount()];
        for (int u = 0; u < hostPort.length; u++) {
            int[] hosts = graph.hostsAt(u);
            hostPort[u] = hosts.length == 0 ? ForwardingTable.NO_PORT : t.hosts().get(hosts[0]).port();
        }
    }

    /**
     * The paths of {@code routes} on {@code topology}. With {@link BrokenWalk#FAIL} a malformed entry is refused
     * here with an {@link IllegalArgumentException} naming {@code source} and the entry; with
     * {@link BrokenWalk#OMIT} malformed entries are left out (the verifier reports them).
     */
    public static RoutedPaths of(Topology topology, RoutingResult routes, BrokenWalk onBroken, String source) {
        ForwardingTable table = ForwardingTable.of(topology, routes, problem -> {
            if (onBroken == BrokenWalk.FAIL) {
                throw new IllegalArgumentException(source + ": " + problem);
            }
        });
        return new RoutedPaths(table, onBroken, source);
    }

    /**
     * The channels of the default path from switch {@code src} to switch {@code dst}: tag 0 (a packet whose host
     * set none) in the layer the ingress entry gives it. Empty when {@code src == dst}.
     */
    public int[] channels(int src, int dst) {
        return channels(src, dst, table.ingressLayer(src, dst, 0), 0);
    }

    /**
     * The channels from switch {@code src} to switch {@code dst} in {@code layer} with path tag {@code tag}, in
     * order; what a broken walk gives depends on the {@link BrokenWalk} policy.
     */
    public int[] channels(int src, int dst, int layer, int tag) {
        int n = graph.switchCount();
        int[] path = new int[n];
        boolean[] seen = new boolean[n];
        int len = 0;
        int at = src;
        int inPort = hostPort[src];
        while (at != dst) {
            if (seen[at]) {
                if (onBroken == BrokenWalk.FAIL) {
                    throw new IllegalArgumentException(source + ": routes from " + graph.switchId(src) + " to "
                            + graph.switchId(dst) + " loop at " + graph.switchId(at));
                }
                return null;
            }
            seen[at] = true;
            int e = table.lookup(at, dst, layer, inPort, tag);
            if (e == ForwardingTable.NONE) {
                return null;
            }
            int c = table.outChannel(e, 0);
            path[len++] = c;
            inPort = graph.dstPort(c);
            at = graph.dst(c);
        }
        return Arrays.copyOf(path, len);
    }

    /** The switch ids a path of {@link #channels} visits, source first. */
    public String[] switches(int src, int[] channels) {
        String[] out = new String[channels.length + 1];
        out[0] = graph.switchId(src);
        for (int i = 0; i < channels.length; i++) {
            out[i + 1] = graph.switchId(graph.dst(channels[i]));
        }
        return out;
    }

    public ForwardingTable table() {
        return table;
    }
}
