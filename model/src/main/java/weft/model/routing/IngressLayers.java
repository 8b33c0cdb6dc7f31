package weft.model.routing;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import weft.model.topology.Topology;

/**
 * The {@code layer_of} list of a {@link RoutingResult} indexed by dense switch pair: which layer (virtual channel
 * or lane) the source switch's ingress entry pushes a packet into, per path tag. Seed 002 §3.3 (LASH assigns each
 * source-destination pair one layer); path tags as in seed 004 §2. Part of {@link ForwardingTable}; immutable.
 */
final class IngressLayers {
    private final int n;
    /** Sorted {@code src * n + dst} of every pair in layer_of. */
    private final long[] pairKeys;
    /** Per pair key: (path, layer) pairs sorted by path, untagged (-1) first. */
    private final int[][] pairPaths;

    IngressLayers(Topology topology, List<PairLayer> layerOf) {
        this.n = topology.graph().switchCount();
        long[] listed = new long[layerOf.size()];
        for (int i = 0; i < listed.length; i++) {
            PairLayer p = layerOf.get(i);
            int s = topology.switchIndex(p.src());
            int d = topology.switchIndex(p.dst());
            listed[i] = s < 0 || d < 0 ? -1 : (long) s * n + d;
        }
        pairKeys = Arrays.stream(listed).filter(k -> k >= 0).sorted().distinct().toArray();
        pairPaths = new int[pairKeys.length][];
        for (int i = 0; i < listed.length; i++) {
            if (listed[i] >= 0) {
                PairLayer p = layerOf.get(i);
                int at = Arrays.binarySearch(pairKeys, listed[i]);
                int[] old = pairPaths[at] == null ? new int[0] : pairPaths[at];
                int[] more = Arrays.copyOf(old, old.length + 2);
                more[old.length] = p.path() == null ? -1 : p.path();
                more[old.length + 1] = p.layer();
                pairPaths[at] = more;
            }
        }
        for (int[] pp : pairPaths) {
            sortPairs(pp);
        }
    }

    /**
     * The layer a packet from switch {@code src} to switch {@code dst} with path tag {@code tag} travels in, as
     * the source switch's ingress entry pushes it: the layer of the pair's {@code layer_of} entry for that path,
     * else of its lowest path (the untagged one first), else 0 when {@code layer_of} does not list the pair.
     */
    int layer(int src, int dst, int tag) {
        int at = Arrays.binarySearch(pairKeys, (long) src * n + dst);
        if (at < 0) {
            return 0;
        }
        int[] pp = pairPaths[at];
        for (int i = 0; i < pp.length; i += 2) {
            if (pp[i] == tag) {
                return pp[i + 1];
            }
        }
        return pp[1];
    }

    /** The distinct path ids {@code layer_of} lists for the pair, ascending (empty when it lists none). */
    int[] tags(int src, int dst) {
        int at = Arrays.binarySearch(pairKeys, (long) src * n + dst);
        if (at < 0) {
            return new int[0];
        }
        int[] pp = pairPaths[at];
        return IntStream.range(0, pp.length / 2).map(i -> pp[2 * i]).filter(t -> t >= 0)
                .distinct().toArray();
    }

    private static void sortPairs(int[] pp) {
        for (int i = 2; i < pp.length; i += 2) {
            for (int j = i; j >= 2 && pp[j - 2] > pp[j]; j -= 2) {
                int p = pp[j];
                int l = pp[j + 1];
                pp[j] = pp[j - 2];
                pp[j + 1] = pp[j - 1];
                pp[j - 2] = p;
                pp[j - 1] = l;
            }
        }
    }
}
