package weft.model.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The workloads of seed 000's fluid and contention studies on host indexes {@code 0..hosts-1}, each flow an
 * {@code int[] {src, dst}} (plus the application index for {@link #applications}), set up in a random order since
 * adaptive routing places flows one at a time (the thesis leaves the order open). Fixed points of a permutation
 * (a host sending to itself) are dropped.
 *
 * <p>Source: seed 000 §6.2 (Figs. 6.2, 6.4: random permutations, per-flow contention), §6.3 (Fig. 6.7: a single
 * application of {@code p} superposed permutations), §6.4 (Fig. 6.8: independent flows, every host sending
 * {@code U[1, max_flows]} flows to random hosts) and §6.5 (Fig. 6.10: multiple applications built from groups of
 * neighbouring hosts, {@code frag_coeff}). Randomness is the caller's generator; the draws are the same for the
 * same seed.
 */
public final class FluidWorkloads {
    private FluidWorkloads() {
    }

    /**
     * Seed 000 §6.2: one random permutation of the hosts, its flows set up in a random order of their sources
     * (two draws: the permutation, then the order).
     */
    public static int[][] permutation(int hosts, RandomGenerator random) {
        int[] p = Shuffle.permutation(hosts, random);
        int[] order = Shuffle.permutation(hosts, random);
        List<int[]> flows = new ArrayList<>(hosts);
        for (int i : order) {
            if (p[i] != i) {
                flows.add(new int[] {i, p[i]});
            }
        }
        return flows.toArray(new int[0][]);
    }

    /**
     * Seed 000 §6.3: {@code p} superposed random permutations over {@code members} (host indexes; every member
     * sends to and receives from p members), all their flows in one random order.
     */
    public static int[][] superposedPermutations(int[] members, int p, RandomGenerator random) {
        if (p < 1) {
            throw new IllegalArgumentException("superposed permutations: p must be >= 1, got " + p);
        }
        List<int[]> flows = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            int[] perm = Shuffle.permutation(members.length, random);
            for (int i = 0; i < members.length; i++) {
                if (perm[i] != i) {
                    flows.add(new int[] {members[i], members[perm[i]]});
                }
            }
        }
        return Shuffle.shuffled(flows, random).toArray(new int[0][]);
    }

    /** {@link #superposedPermutations} over all {@code hosts}. */
    public static int[][] superposedPermutations(int hosts, int p, RandomGenerator random) {
        return superposedPermutations(Shuffle.identity(hosts), p, random);
    }

    /**
     * Seed 000 §6.4: every host sends {@code U[1, maxFlows]} flows, each to a uniformly random other host, all in
     * one random order.
     */
    public static int[][] randomDestinations(int hosts, int maxFlows, RandomGenerator random) {
        return randomDestinations(hosts, maxFlows, false, random);
    }

    /**
     * Seed 000 §6.6 Table 6.4: every host sends exactly {@code flows} flows, each to a uniformly random other host,
     * all in one random order.
     */
    public static int[][] fixedDestinations(int hosts, int flows, RandomGenerator random) {
        return randomDestinations(hosts, flows, true, random);
    }

    private static int[][] randomDestinations(int hosts, int maxFlows, boolean exactly, RandomGenerator random) {
        if (hosts < 2 || maxFlows < 1) {
            throw new IllegalArgumentException("random destinations need >= 2 hosts and maxFlows >= 1, got "
                    + hosts + " and " + maxFlows);
        }
        List<int[]> flows = new ArrayList<>();
        for (int s = 0; s < hosts; s++) {
            int count = exactly ? maxFlows : 1 + random.nextInt(maxFlows);
            for (int i = 0; i < count; i++) {
                int d = random.nextInt(hosts - 1);
                flows.add(new int[] {s, d >= s ? d + 1 : d});
            }
        }
        return Shuffle.shuffled(flows, random).toArray(new int[0][]);
    }

    /**
     * Seed 000 §6.5: {@code apps} applications of {@code appSize} hosts, each made of groups of
     * {@code appSize / frag} neighbouring hosts, the groups dealt to the applications in a random order; each
     * application runs {@code U[1,5]} superposed permutations of its hosts. Each flow is {@code {src, dst, app}};
     * all in one random order. When the group size does not divide {@code appSize}, an application holds the whole
     * groups that fit ({@code appSize / group} of them).
     */
    public static int[][] applications(int hosts, int apps, int appSize, int frag, RandomGenerator random) {
        int group = Math.max(1, appSize / frag);
        int groups = hosts / group;
        int perApp = appSize / group;
        if (apps < 1 || frag < 1 || (long) apps * perApp > groups) {
            throw new IllegalArgumentException("applications: " + apps + " x " + appSize + " hosts in groups of "
                    + group + " do not fit " + hosts + " hosts");
        }
        int[] order = Shuffle.permutation(groups, random);
        List<int[]> flows = new ArrayList<>();
        for (int a = 0; a < apps; a++) {
            int[] members = new int[perApp * group];
            for (int g = 0; g < perApp; g++) {
                int start = order[a * perApp + g] * group;
                for (int i = 0; i < group; i++) {
                    members[g * group + i] = start + i;
                }
            }
            for (int[] f : superposedPermutations(members, 1 + random.nextInt(5), random)) {
                flows.add(new int[] {f[0], f[1], a});
            }
        }
        return Shuffle.shuffled(flows, random).toArray(new int[0][]);
    }
}
