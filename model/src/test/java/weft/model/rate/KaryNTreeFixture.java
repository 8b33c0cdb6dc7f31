package weft.model.rate;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.traffic.Flow;

/**
 * A k-ary n-tree ({@link KaryNTree}) with unit-capacity links and D-mod-k routing by destination host (digest
 * {@code research/seed-000-zdornov-thesis.md} §2.8), for tests. Numbering of the generator: switch
 * {@code <w, l>} is {@code s(1 + l·k^(n-1) + w)}, down-ports {@code 1..k}, up-ports {@code k+1..2k}; host
 * {@code h(p+1)} is node {@code p}, on leaf {@code p / k} at port {@code 1 + p mod k}.
 */
final class KaryNTreeFixture {
    private KaryNTreeFixture() {
    }

    static int pow(int k, int e) {
        int r = 1;
        for (int i = 0; i < e; i++) {
            r *= k;
        }
        return r;
    }

    /** The generators' k-ary n-tree with unit-capacity links. */
    static Topology tree(int k, int n) {
        return KaryNTree.generate(k, n, GeneratorOptions.defaults().withGbps(1));
    }

    /** D-mod-k: the up-port at the i-th upward hop is {@code k + 1 + (d / k^i) mod k}; the descent is unique. */
    static FabricProblem.FlowPaths dModK(Topology t, int k, int n) {
        return (flow, su, du) -> {
            int d = Integer.parseInt(flow.dst().substring(1)) - 1;
            int s = Integer.parseInt(flow.src().substring(1)) - 1;
            int srcLeaf = s / k;
            int dstLeaf = d / k;
            int nca = n - 1;
            for (int j = 0; j < n - 1; j++) {
                if (srcLeaf / pow(k, n - 2 - j) % k != dstLeaf / pow(k, n - 2 - j) % k) {
                    nca = j;
                    break;
                }
            }
            int ups = n - 1 - nca;
            int[] path = new int[2 * ups];
            int at = su;
            for (int i = 0; i < ups; i++) {
                path[i] = t.graph().channelAtPort(at, k + 1 + d / pow(k, i) % k);
                at = t.graph().dst(path[i]);
            }
            for (int i = 0; i < ups; i++) {
                int level = nca + i;
                int digit = d / pow(k, n - 1 - level) % k;
                path[ups + i] = t.graph().channelAtPort(at, 1 + digit);
                at = t.graph().dst(path[ups + i]);
            }
            if (at != du) {
                throw new IllegalStateException("D-mod-k fixture: " + flow + " ends at " + at + ", not " + du);
            }
            return path;
        };
    }

    /** {@code p} superposed random permutations over the hosts (fixed points skipped). */
    static List<Flow> permutations(int hosts, int p, RandomGenerator random) {
        List<Flow> flows = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            int[] perm = new int[hosts];
            for (int i = 0; i < hosts; i++) {
                perm[i] = i;
            }
            for (int i = hosts - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int x = perm[i];
                perm[i] = perm[j];
                perm[j] = x;
            }
            for (int i = 0; i < hosts; i++) {
                if (perm[i] != i) {
                    flows.add(new Flow("p" + q + "f" + i, "h" + (i + 1), "h" + (perm[i] + 1), 1, "a" + q, 1_000_000));
                }
            }
        }
        return flows;
    }
}
