package weft.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.rate.FabricProblem;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * The workload of seed 000's fluid experiments on a k-ary n-tree ({@code weft.model.topology.generate.KaryNTree}
 * numbering): {@code p} superposed random permutations of the hosts, routed by D-mod-k on the destination host
 * (up-port {@code k + 1 + (d / k^i) mod k} at the i-th upward hop, unique descent; digest
 * {@code research/seed-000-zdornov-thesis.md} §2.8).
 *
 * <p>Decision: D-mod-k here is per destination host, as the thesis routes; the switch-level routes of
 * {@code weft-routes/1} cannot express it (a leaf's hosts would share one up-port).
 */
public final class FatTreeWorkload {
    private FatTreeWorkload() {
    }

    /** {@code p} random permutations (fixed points dropped), each an application of its own, 1 MB per flow. */
    public static List<Flow> permutations(int hosts, int p, RandomGenerator random) {
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
                    flows.add(new Flow("p" + q + "f" + i, "h" + (i + 1), "h" + (perm[i] + 1), 1, "perm" + q,
                            1_000_000));
                }
            }
        }
        return flows;
    }

    static int pow(int k, int e) {
        int r = 1;
        for (int i = 0; i < e; i++) {
            r *= k;
        }
        return r;
    }

    /** Hosts are {@code h1..}: node index of a host id. */
    static int node(String hostId) {
        return Integer.parseInt(hostId.substring(1)) - 1;
    }

    /** Level of the nearest common ancestor of two nodes' leaves ({@code n-1}: same leaf). */
    static int ncaLevel(int k, int n, int src, int dst) {
        int srcLeaf = src / k;
        int dstLeaf = dst / k;
        for (int j = 0; j < n - 1; j++) {
            int place = pow(k, n - 2 - j);
            if (srcLeaf / place % k != dstLeaf / place % k) {
                return j;
            }
        }
        return n - 1;
    }

    /** D-mod-k on the destination host. */
    public static FabricProblem.FlowPaths dModK(Topology t, int k, int n) {
        return (flow, su, du) -> {
            int d = node(flow.dst());
            int nca = ncaLevel(k, n, node(flow.src()), d);
            int ups = n - 1 - nca;
            int[] path = new int[2 * ups];
            int at = su;
            for (int i = 0; i < ups; i++) {
                path[i] = t.graph().channelAtPort(at, k + 1 + d / pow(k, i) % k);
                at = t.graph().dst(path[i]);
            }
            for (int i = 0; i < ups; i++) {
                path[ups + i] = t.graph().channelAtPort(at, 1 + d / pow(k, n - 1 - (nca + i)) % k);
                at = t.graph().dst(path[ups + i]);
            }
            return path;
        };
    }
}
