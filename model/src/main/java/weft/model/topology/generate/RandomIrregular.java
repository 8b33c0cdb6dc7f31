package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import weft.model.topology.Topology;
import weft.model.traffic.Shuffle;

/**
 * A seeded random irregular fabric of {@code n} switches with at most {@code d} switch links each, always connected,
 * with no parallel links. The irregular setups of seed 002 §2.3.3 and §4.3 (16 random topologies of 32 switches, at
 * most 10 links per switch; the Ethernet runs of §3.1.5 with at most 4) and the random 6-regular fabric of the OpenSM
 * side-by-side runs (docs/sources.md §4).
 *
 * <p>Steps: (1) a random spanning tree: the switches in random order, each cabled to a random earlier switch with
 * a free port, which keeps the fabric connected and every degree at most {@code d}; (2) random extra links
 * between two switches that both have a free port and are not yet neighbours, until no such pair is left. So
 * the result is as close to {@code d}-regular as chance allows (with {@code n*d} even it is usually exactly
 * regular). Randomness is {@link SplittableRandom} with the given seed: the same seed gives the same fabric on
 * every JVM.
 *
 * <p>Ports: hosts on {@code 1..h}, switch links on {@code h+1..h+d} in the order the links were made. Every
 * switch has {@code h+d} ports. One host per switch by default.
 */
public final class RandomIrregular {
    /** The family name. */
    public static final String KIND = "irregular";

    private RandomIrregular() {
    }

    /**
     * Builds a random irregular fabric.
     *
     * @param switches  number of switches, at least 2
     * @param maxDegree most switch links per switch; at least 1, and at least 2 when there are more than 2 switches
     * @param seed      the random seed
     */
    public static Topology generate(int switches, int maxDegree, long seed, GeneratorOptions options) {
        GeneratorArguments.atLeast(KIND, "switches", switches, 2);
        if (maxDegree < (switches > 2 ? 2 : 1)) {
            throw new GeneratorException(KIND + ": --degree " + maxDegree + " cannot connect " + switches
                    + " switches; expected >= " + (switches > 2 ? 2 : 1));
        }
        int hosts = options.hostsOr(1);
        FabricBuilder.checkSize(KIND, (long) switches * maxDegree / 2, (long) switches * hosts);
        int d = Math.min(maxDegree, switches - 1);
        FabricBuilder b = new FabricBuilder(options);
        for (int u = 0; u < switches; u++) {
            b.addSwitch(hosts + maxDegree);
            b.addHosts(u, hosts);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int[] degree = new int[switches];
        BitSet[] adjacent = new BitSet[switches];
        for (int u = 0; u < switches; u++) {
            adjacent[u] = new BitSet(switches);
        }
        // Step 1: random spanning tree with the degree bound.
        int[] order = Shuffle.permutation(switches, random);
        List<Integer> open = new ArrayList<>();
        open.add(order[0]);
        for (int i = 1; i < switches; i++) {
            int pick = random.nextInt(open.size());
            int v = open.get(pick);
            int u = order[i];
            cable(b, hosts, degree, adjacent, v, u);
            if (degree[v] == d) {
                open.set(pick, open.get(open.size() - 1));
                open.remove(open.size() - 1);
            }
            open.add(u);
        }
        // Step 2: random extra links between non-neighbours with free ports.
        List<Integer> free = new ArrayList<>();
        for (int u = 0; u < switches; u++) {
            if (degree[u] < d) {
                free.add(u);
            }
        }
        List<Integer> candidates = new ArrayList<>();
        while (free.size() >= 2) {
            int pick = random.nextInt(free.size());
            int u = free.get(pick);
            candidates.clear();
            for (int v : free) {
                if (v != u && !adjacent[u].get(v)) {
                    candidates.add(v);
                }
            }
            if (candidates.isEmpty()) {
                free.remove(pick);
                continue;
            }
            int v = candidates.get(random.nextInt(candidates.size()));
            cable(b, hosts, degree, adjacent, u, v);
            free.removeIf(x -> degree[x] == d);
        }
        return b.build(switches + "-switch irregular, degree <= " + maxDegree + ", seed " + seed);
    }

    private static void cable(FabricBuilder b, int hosts, int[] degree, BitSet[] adjacent, int u, int v) {
        degree[u]++;
        degree[v]++;
        adjacent[u].set(v);
        adjacent[v].set(u);
        b.link(u, hosts + degree[u], v, hosts + degree[v]);
    }
}
