package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.List;
import weft.model.topology.Topology;

/**
 * The k-port, l-level FatTree of seed 004 (Haitjema, §2.1 and App. B.3), built recursively: a level-0 subtree is one
 * server; a level-i subtree ({@code 0 < i < l}) is {@code k/2} level-(i-1) subtrees under {@code (k/2)^(i-1)} switches
 * with {@code k/2} down- and {@code k/2} up-ports; the {@code (k/2)^(l-1)} roots (level {@code l}) have {@code k}
 * down-ports, one to each of the {@code k} pods (level-(l-1) subtrees). It holds {@code k (k/2)^(l-1)} servers,
 * {@code 2 (k/2)^(l-1)} switches on every non-root level and {@code (k/2)^(l-1)} paths between servers in different
 * pods. For {@code l = 3} it is the fat tree of Al-Fares et al.
 *
 * <p>Cabling, with {@code h = k/2}: in each subtree the switch {@code j} of the upper level, down-port {@code 1+x},
 * goes to child subtree {@code x}, to its top switch {@code j / h}, at up-port {@code h + 1 + (j mod h)}.
 *
 * <p>Numbering: {@link TreeLayout} level {@code 0} holds the roots (the thesis's level {@code l}) and level
 * {@code L} the thesis's level {@code l - L}; edge (ToR) switches are the last level. Within a non-root level the
 * index is {@code c * h^(i-1) + j} for switch {@code j} of subtree copy {@code c}; copies are numbered pod-major,
 * so the pod of any non-root switch is {@code index / h^(l-2)}. Switches are named level by level, roots first.
 * Every switch has {@code k} ports: down-ports {@code 1..h} (servers at the edge), up-ports {@code h+1..k}; roots
 * use {@code 1..k} as down-ports. Servers per edge switch default to {@code h} and may be {@code 0..h}.
 */
public final class KPortFatTree {
    /** The family name. */
    public static final String KIND = "fat-tree";

    private KPortFatTree() {
    }

    /**
     * Builds the k-port, l-level fat tree.
     *
     * @param k      ports per switch, even, at least 2
     * @param levels switch levels {@code l}, at least 2
     */
    public static Topology generate(int k, int levels, GeneratorOptions options) {
        checkShape(k, levels);
        int h = k / 2;
        int hosts = options.hostsOr(h);
        if (hosts > h) {
            throw new GeneratorException(KIND + ": --hosts " + hosts + " exceeds the " + h
                    + " down-ports of an edge switch (k/2)");
        }
        long roots = 1;
        for (int i = 0; i < levels - 1 && roots <= FabricBuilder.MAX_SWITCHES; i++) {
            roots *= h;
        }
        FabricBuilder.checkSize(KIND, roots * (2L * levels - 1), 2 * roots * hosts);
        int perLevel = (int) (2 * roots);
        FabricBuilder b = new FabricBuilder(options);
        for (int s = 0; s < roots + (long) (levels - 1) * perLevel; s++) {
            b.addSwitch(k);
        }
        // Roots (level 0) to the top switches of the k pods (level 1).
        int podTops = (int) roots / h;
        for (int j = 0; j < roots; j++) {
            for (int x = 0; x < k; x++) {
                b.link(j, 1 + x, (int) roots + x * podTops + j / h, h + 1 + j % h);
            }
        }
        // Thesis level i (layout level levels - i) to level i-1, for i = l-1 .. 2.
        for (int i = levels - 1; i >= 2; i--) {
            int upper = (int) roots + (levels - 1 - i) * perLevel;
            int lower = upper + perLevel;
            int tops = TreeCoordinates.pow(h, i - 1);
            int childTops = tops / h;
            for (int c = 0; c < perLevel / tops; c++) {
                for (int j = 0; j < tops; j++) {
                    for (int x = 0; x < h; x++) {
                        b.link(upper + c * tops + j, 1 + x, lower + (c * h + x) * childTops + j / h,
                                h + 1 + j % h);
                    }
                }
            }
        }
        int edge = (int) roots + (levels - 2) * perLevel;
        for (int e = 0; e < perLevel; e++) {
            b.addHosts(edge + e, hosts);
        }
        return b.build(k + "-port " + levels + "-level fat tree");
    }

    private static void checkShape(int k, int levels) {
        if (k < 2 || k % 2 != 0) {
            throw new GeneratorException(KIND + ": --k must be even and >= 2, got " + k);
        }
        GeneratorArguments.atLeast(KIND, "levels", levels, 2);
    }

    /** Levels and positions of the switches {@link #generate} names, roots first. */
    public static TreeLayout layout(int k, int levels) {
        checkShape(k, levels);
        int h = k / 2;
        int roots = TreeCoordinates.pow(h, levels - 1);
        List<List<String>> ids = new ArrayList<>();
        int next = 0;
        for (int level = 0; level < levels; level++) {
            int count = level == 0 ? roots : 2 * roots;
            List<String> row = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                row.add(Addressing.switchId(next++));
            }
            ids.add(row);
        }
        return new TreeLayout(KIND, h, ids);
    }
}
