package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import weft.model.topology.Link;
import weft.model.topology.Topology;
import weft.model.traffic.Shuffle;

/**
 * Random link faults: a fabric with a seeded fraction of its switch-to-switch links removed, still connected. Seed
 * 002 §3.2.3 evaluates routing on "an 8x8 mesh with 5% link faults" (Fig. 3.9e), a semi-regular fabric.
 *
 * <p>The number of faults is {@code round(fraction * links)}. The links are visited in a random order drawn from
 * {@link SplittableRandom} with the given seed; each is removed unless its removal would disconnect the switches,
 * until that many are gone. So every fault pattern is a uniformly drawn connected one in the order of the draw, the
 * same seed gives the same faults on every JVM, and the switches, hosts and ports of the others are unchanged (a
 * faulty link leaves its two ports unused).
 */
public final class LinkFaults {
    private LinkFaults() {
    }

    /**
     * The fabric without {@code round(fraction * links)} of its switch links, chosen at random and keeping it
     * connected.
     *
     * @param fraction the share of switch links to remove, in {@code [0, 1)}
     * @throws GeneratorException when the fraction is out of range, the fabric is disconnected, or it cannot lose
     *                            that many links and stay connected
     */
    public static Topology remove(Topology fabric, double fraction, long seed) {
        if (!(fraction >= 0 && fraction < 1)) {
            throw new GeneratorException("faults: the fraction of links must be in [0, 1), got " + fraction);
        }
        List<Link> links = fabric.links();
        int n = fabric.switches().size();
        int faults = (int) Math.round(fraction * links.size());
        if (!connected(fabric, links, -1, new boolean[links.size()])) {
            throw new GeneratorException("faults: " + fabric.name() + " is not connected before any fault");
        }
        boolean[] removed = new boolean[links.size()];
        int done = 0;
        for (int i : Shuffle.permutation(links.size(), new SplittableRandom(seed))) {
            if (done == faults) {
                break;
            }
            if (connected(fabric, links, i, removed)) {
                removed[i] = true;
                done++;
            }
        }
        if (done < faults) {
            throw new GeneratorException(String.format(Locale.ROOT, "faults: %s (%d switches, %d links) cannot lose "
                    + "%d of its links and stay connected", fabric.name(), n, links.size(), faults));
        }
        List<Link> rest = new ArrayList<>();
        for (int i = 0; i < links.size(); i++) {
            if (!removed[i]) {
                rest.add(links.get(i));
            }
        }
        String name = String.format(Locale.ROOT, "%s, %d of %d links faulty (seed %d)", fabric.name(), faults,
                links.size(), seed);
        return new Topology(name, fabric.switches(), fabric.hosts(), rest);
    }

    /** Whether the switches stay connected over the links neither removed nor {@code without}. */
    private static boolean connected(Topology fabric, List<Link> links, int without, boolean[] removed) {
        int n = fabric.switches().size();
        int[] parent = new int[n];
        for (int u = 0; u < n; u++) {
            parent[u] = u;
        }
        int components = n;
        for (int i = 0; i < links.size(); i++) {
            if (i == without || removed[i]) {
                continue;
            }
            int a = root(parent, fabric.switchIndex(links.get(i).a()));
            int b = root(parent, fabric.switchIndex(links.get(i).b()));
            if (a != b) {
                parent[a] = b;
                components--;
            }
        }
        return components <= 1;
    }

    private static int root(int[] parent, int u) {
        int r = u;
        while (parent[r] != r) {
            parent[r] = parent[parent[r]];
            r = parent[r];
        }
        return r;
    }
}
