package weft.model.sim.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

import weft.model.sim.SimNetwork;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.traffic.HostGroups;
import weft.model.traffic.TrafficPattern;
import weft.model.traffic.TrafficPatterns;

/**
 * The traffic of seed 001's evaluation (§3, §4) as messages the hosts make: a foreground that is measured and,
 * for the hotspot patterns, a background of saturating hotspot senders. Clusters are the topology's
 * ({@link Clusters#switchClusters}: the components without their leaf-to-leaf links).
 *
 * <table>
 *   <caption>Patterns</caption>
 *   <tr><th>name</th><th>foreground (measured)</th><th>background</th><th>seed 001</th></tr>
 *   <tr><td>{@code global-uniform}</td><td>every host, uniform over all other hosts</td><td>-</td>
 *       <td>§4.1, Fig. 6</td></tr>
 *   <tr><td>{@code cluster-uniform}</td><td>every host, uniform over the other hosts of its cluster</td><td>-</td>
 *       <td>§3 (the foreground of the combined pattern)</td></tr>
 *   <tr><td>{@code hotspot}</td><td>half the hosts of each cluster, saturating, to every cluster's hotspot in
 *       turn</td><td>-</td><td>§4.1 (R6)</td></tr>
 *   <tr><td>{@code combined}</td><td>{@code cluster-uniform}</td><td>{@code hotspot}</td><td>§3, §4.2, Fig. 8</td></tr>
 *   <tr><td>{@code step[:ONSET_NS]}</td><td>{@code cluster-uniform}</td><td>{@code hotspot} from the onset
 *       (default 50,000 ns)</td><td>§4.3, Fig. 9</td></tr>
 *   <tr><td>any {@code --traffic} pattern</td><td>every sending host, the pattern's destinations (never
 *       itself)</td><td>-</td><td>-</td></tr>
 * </table>
 *
 * <p>Decisions where the paper is silent: a cluster's hotspot is its last host; its hotspot senders are the hosts
 * at even positions in the cluster (every other host, so every leaf has some), the hotspot excepted; a hotspot
 * sender keeps two messages to each hotspot queued ("at full rate") and sends to the hotspots in turn through its
 * per-destination queues. Foreground messages arrive at each host as a Bernoulli process over flit times (BookSim's),
 * at {@code load} times the link rate.
 *
 * @param pattern the name (above)
 * @param load    foreground offered load per host, a fraction of its link in {@code (0, 1]}
 * @param size    message sizes
 * @param onsetPs when the background starts ({@code step}; 0 otherwise)
 */
public record MessageTraffic(String pattern, double load, MessageSize size, long onsetPs) {
    /** The paper's step onset: 50,000 cycles of 1 ns (§4.3). */
    public static final long PAPER_ONSET_PS = 50_000_000L;

    /** The names of the paper's patterns, for messages. */
    public static final String NAMES = "global-uniform, cluster-uniform, hotspot, combined, step[:ONSET_NS]";

    public MessageTraffic {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("message traffic: no pattern");
        }
        if (!(load > 0 && load <= 1)) {
            throw new IllegalArgumentException("message traffic " + pattern + ": load must be in (0, 1], got " + load);
        }
        if (size == null || onsetPs < 0) {
            throw new IllegalArgumentException("message traffic " + pattern + ": size and an onset >= 0 are needed");
        }
    }

    /**
     * The traffic named by {@code spec} ({@link #NAMES}, or a {@link TrafficPatterns} name) at {@code load}.
     *
     * @throws IllegalArgumentException naming the spec and what is wrong
     */
    public static MessageTraffic parse(String spec, double load, MessageSize size) {
        String s = spec == null ? "" : spec.trim().toLowerCase(Locale.ROOT);
        if (s.equals("step") || s.startsWith("step:")) {
            long onset = PAPER_ONSET_PS;
            if (s.startsWith("step:")) {
                try {
                    onset = Math.round(Double.parseDouble(s.substring(5)) * 1000);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("traffic '" + spec + "': step:ONSET_NS needs a number of ns");
                }
            }
            return new MessageTraffic("step", load, size, onset);
        }
        return new MessageTraffic(s, load, size, 0);
    }

    /** What one host makes. */
    public record HostPlan(Destinations foreground, int[] hotspots, boolean hotspotsMeasured, long hotspotStartPs) {
        /** Whether the host makes measured traffic (it participates in the pattern). */
        public boolean measured() {
            return foreground != null || hotspots.length > 0 && hotspotsMeasured;
        }
    }

    /** Draws the destinations of a host's foreground messages. */
    @FunctionalInterface
    public interface Destinations {
        int next(RandomGenerator random);
    }

    /**
     * Every host's plan on this network.
     *
     * @throws IllegalArgumentException for an unknown pattern, or a cluster pattern on a fabric whose clusters
     *                                  have fewer than two hosts
     */
    public List<HostPlan> plans(SimNetwork net, long seed) {
        int hosts = net.hosts();
        int[] clusterOf = hostClusters(net.topology());
        List<List<Integer>> members = HostGroups.members(clusterOf);
        int clusters = members.size();
        List<HostPlan> out = new ArrayList<>(hosts);
        switch (pattern) {
            case "global-uniform" -> {
                for (int h = 0; h < hosts; h++) {
                    out.add(new HostPlan(uniformExcept(allHosts(hosts), h), new int[0], false, 0));
                }
            }
            case "cluster-uniform", "hotspot", "combined", "step" -> {
                int[] spots = new int[clusters];
                for (int c = 0; c < clusters; c++) {
                    List<Integer> m = members.get(c);
                    if (m.size() < 2) {
                        throw new IllegalArgumentException("traffic " + pattern + ": cluster " + c + " has "
                                + m.size() + " host; cluster patterns need at least two per cluster");
                    }
                    spots[c] = m.get(m.size() - 1);
                }
                boolean fg = !pattern.equals("hotspot");
                boolean bg = !pattern.equals("cluster-uniform");
                for (int h = 0; h < hosts; h++) {
                    List<Integer> m = members.get(clusterOf[h]);
                    int position = m.indexOf(h);
                    boolean sender = bg && position % 2 == 0 && h != spots[clusterOf[h]];
                    int[] targets = sender ? others(spots, h) : new int[0];
                    out.add(new HostPlan(fg ? uniformExcept(m.stream().mapToInt(Integer::intValue).toArray(), h)
                            : null, targets, !fg, onsetPs));
                }
            }
            default -> {
                TrafficPattern p;
                try {
                    p = TrafficPatterns.parse(pattern, hosts, seed);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(e.getMessage() + "; or one of seed 001's: " + NAMES);
                }
                for (int h = 0; h < hosts; h++) {
                    int source = h;
                    out.add(new HostPlan(p.sends(h) ? r -> redraw(p, source, r) : null, new int[0], false, 0));
                }
            }
        }
        return out;
    }

    /** Cluster of every host (by its switch), see {@link Clusters#switchClusters}. */
    public static int[] hostClusters(Topology t) {
        SwitchGraph g = t.graph();
        int[] bySwitch = Clusters.switchClusters(g);
        int[] out = new int[t.hosts().size()];
        for (int h = 0; h < out.length; h++) {
            out[h] = bySwitch[t.switchIndex(t.hosts().get(h).switchId())];
        }
        return out;
    }

    private static int[] allHosts(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static int[] others(int[] spots, int h) {
        return java.util.Arrays.stream(spots).filter(s -> s != h).toArray();
    }

    /** Uniform over {@code set} without {@code self}. */
    private static Destinations uniformExcept(int[] set, int self) {
        int[] pool = java.util.Arrays.stream(set).filter(x -> x != self).toArray();
        if (pool.length == 0) {
            return null;
        }
        return r -> pool[r.nextInt(pool.length)];
    }

    /** The pattern's destination, drawn again while it is the source (at most 64 draws, then the next host). */
    private static int redraw(TrafficPattern p, int source, RandomGenerator r) {
        for (int i = 0; i < 64; i++) {
            int d = p.destination(source, r);
            if (d != source) {
                return d;
            }
        }
        return -1;
    }
}
