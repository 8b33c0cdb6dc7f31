package weft.model.traffic;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The all-to-all partition pattern (seed 004 §3.3.4): the hosts are split into tenants of {@code m} randomly
 * assigned hosts (from the pattern's seed), and every host sends to the other {@code m - 1} members of its tenant at
 * the same rate; {@code m = 2} is a permutation and {@code m = hosts} all-to-all. In turn (the default), a source
 * sends to its tenant's members round robin, so with periodic arrivals every flow is periodic (the thesis's strict
 * flow control, Fig. 3.10); {@code random} picks a member uniformly per packet, so with Poisson arrivals every flow
 * is an independent Poisson process (loose flow control). In turn, every member of a tenant walks the same list, so
 * at each step the tenant's sources all aim at one member (a rolling incast of {@code m - 1} packets);
 * {@code shuffled} gives each source an order of its own (drawn from the pattern's seed), so each flow is still
 * periodic but the flows to one member are out of phase, as independent periodic senders (§3.3.1: "server i sends a
 * packet to server j on a fixed period") would be.
 */
final class Tenants implements TrafficPattern {
    /** How a source walks its tenant's members. */
    enum Order {
        /** Round robin over one list per tenant. */
        IN_TURN,
        /** Round robin over a random order of each source's own. */
        SHUFFLED,
        /** A member uniformly at random per packet. */
        RANDOM
    }

    private final int m;
    private final Order walk;
    /** Members of each host's tenant, the host itself last. */
    private final int[][] members;
    private final int[] step;

    Tenants(int hosts, int m, Order walk, long seed) {
        if (m < 2 || hosts % m != 0) {
            throw new IllegalArgumentException("tenants needs a size of at least 2 that divides the " + hosts
                    + " hosts, got " + m);
        }
        this.m = m;
        this.walk = walk;
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] order = Shuffle.permutation(hosts, rnd);
        members = new int[hosts][];
        for (int t = 0; t < hosts / m; t++) {
            for (int i = 0; i < m; i++) {
                int h = order[t * m + i];
                int[] others = new int[m];
                int n = 0;
                for (int j = 0; j < m; j++) {
                    if (j != i) {
                        others[n++] = order[t * m + j];
                    }
                }
                others[m - 1] = h;
                members[h] = others;
            }
        }
        if (walk == Order.SHUFFLED) {
            for (int h = 0; h < hosts; h++) {
                int[] peers = java.util.Arrays.copyOf(members[h], m - 1);
                Shuffle.shuffle(peers, rnd);
                System.arraycopy(peers, 0, members[h], 0, m - 1);
            }
        }
        step = new int[hosts];
    }

    @Override
    public String name() {
        return "tenants:" + m + switch (walk) {
            case IN_TURN -> "";
            case SHUFFLED -> ":shuffled";
            case RANDOM -> ":random";
        };
    }

    @Override
    public int destination(int source, RandomGenerator rnd) {
        if (walk == Order.RANDOM) {
            return members[source][rnd.nextInt(m - 1)];
        }
        int d = members[source][step[source]];
        step[source] = (step[source] + 1) % (m - 1);
        return d;
    }
}
