package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The random flow sets of seed 000 ch. 6 and seed 003 §4-6, as host-index pairs {@code {src, dst}} (or
 * {@code {src, dst, app}}) in random order, the order in which adaptive routing sets them up (the thesis leaves the
 * order open): superposed random permutations (fixed points dropped), random destinations per source, and
 * applications built from groups of neighbouring hosts.
 */
public final class FlowSets {
    private FlowSets() {
    }

    /**
     * {@code p} superposed random permutations over {@code members} (all {@code hosts} hosts when null), fixed
     * points dropped: every member sends and receives at most {@code p} flows (seed 000 §6.3, seed 003 §5.3).
     */
    public static int[][] permutations(int hosts, int p, RandomGenerator rnd, int[] members) {
        int[] m = members;
        if (m == null) {
            m = identity(hosts);
        }
        List<int[]> flows = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            int[] perm = shuffled(m.length, rnd);
            for (int i = 0; i < m.length; i++) {
                if (perm[i] != i) {
                    flows.add(new int[] {m[i], m[perm[i]]});
                }
            }
        }
        return inRandomOrder(flows, rnd);
    }

    /**
     * Every host sends {@code U[1, maxFlows]} flows (exactly {@code maxFlows} when {@code fixed}) to uniformly
     * random other hosts (seed 000 §6.4).
     */
    public static int[][] randomDestinations(int hosts, int maxFlows, boolean fixed, RandomGenerator rnd) {
        List<int[]> flows = new ArrayList<>();
        for (int s = 0; s < hosts; s++) {
            int count = fixed ? maxFlows : 1 + rnd.nextInt(maxFlows);
            for (int i = 0; i < count; i++) {
                int d = rnd.nextInt(hosts - 1);
                flows.add(new int[] {s, d >= s ? d + 1 : d});
            }
        }
        return inRandomOrder(flows, rnd);
    }

    /**
     * {@code apps} applications of {@code appSize} hosts, each made of groups of {@code appSize/frag} neighbouring
     * hosts assigned to applications at random, each running {@code U[1,5]} superposed permutations of its hosts
     * (seed 000 §6.5). Each flow is {@code {src, dst, app}}.
     */
    public static int[][] applications(int hosts, int apps, int appSize, int frag, RandomGenerator rnd) {
        int group = Math.max(1, appSize / frag);
        int groups = hosts / group;
        int[] order = shuffled(groups, rnd);
        List<int[]> flows = new ArrayList<>();
        for (int a = 0; a < apps; a++) {
            int[] members = new int[appSize];
            int perApp = appSize / group;
            for (int g = 0; g < perApp; g++) {
                int start = order[a * perApp + g] * group;
                for (int i = 0; i < group; i++) {
                    members[g * group + i] = start + i;
                }
            }
            for (int[] f : permutations(hosts, 1 + rnd.nextInt(5), rnd, members)) {
                flows.add(new int[] {f[0], f[1], a});
            }
        }
        return inRandomOrder(flows, rnd);
    }

    private static int[][] inRandomOrder(List<int[]> flows, RandomGenerator rnd) {
        int[] order = shuffled(flows.size(), rnd);
        int[][] out = new int[flows.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = flows.get(order[i]);
        }
        return out;
    }

    private static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }

    /** 0..n-1 in a uniformly random order (Fisher-Yates). */
    static int[] shuffled(int n, RandomGenerator rnd) {
        int[] p = identity(n);
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int x = p[i];
            p[i] = p[j];
            p[j] = x;
        }
        return p;
    }
}
