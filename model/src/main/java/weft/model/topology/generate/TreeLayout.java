package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The level and position of every switch of a tree fabric, as the tree generators lay it out: level 0 holds the
 * roots, the last level the leaves (the only switches with hosts). Routing engines that exploit the tree (D-mod-k,
 * adaptive ascent, horizontal descent) read coordinates here instead of re-deriving them from the graph.
 *
 * <p>Obtain one from the generator ({@link KaryNTree#layout(int, int)}) or recognise it in any topology whose
 * switch order and ports follow the generator's scheme ({@link KaryNTree#recognize(weft.model.topology.Topology)}),
 * which covers generated fabrics after a JSON round trip.
 *
 * @param family the generator family, e.g. {@code "kary-ntree"}
 * @param arity  up-ports per non-root switch ({@code k} of a k-ary n-tree, {@code k/2} of a k-port fat tree, the
 *               spine count of a leaf-spine): the base of D-mod-k's up-port choice
 * @param levels switch ids per level, roots first, each in index order; no switch appears twice
 */
public record TreeLayout(String family, int arity, List<List<String>> levels) {
    public TreeLayout {
        List<List<String>> copy = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (List<String> level : levels) {
            List<String> ids = List.copyOf(level);
            for (String id : ids) {
                if (!seen.add(id)) {
                    throw new IllegalArgumentException("tree layout: switch " + id + " appears twice");
                }
            }
            copy.add(ids);
        }
        levels = List.copyOf(copy);
    }

    /** Number of switch levels (the tree's height {@code n}). */
    public int levelCount() {
        return levels.size();
    }

    /** The level of the leaves: {@code levelCount() - 1}. */
    public int leafLevel() {
        return levels.size() - 1;
    }

    /** Switch ids at a level, in index order. */
    public List<String> switchesAt(int level) {
        return levels.get(level);
    }

    /** The switch at a level and index. */
    public String switchAt(int level, int index) {
        return levels.get(level).get(index);
    }

    /**
     * Coordinates of a switch, or empty if it is not part of this tree. Decision: a scan of the levels, not an index
     * kept beside them, so the layout stays a plain value; it is read per switch when a fabric is laid out or
     * exported, never per packet.
     */
    public Optional<TreeCoordinates> coordinates(String switchId) {
        for (int l = 0; l < levels.size(); l++) {
            int i = levels.get(l).indexOf(switchId);
            if (i >= 0) {
                return Optional.of(new TreeCoordinates(l, i));
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        List<Integer> sizes = new ArrayList<>();
        for (List<String> level : levels) {
            sizes.add(level.size());
        }
        return "TreeLayout[" + family + ", arity " + arity + ", switches per level " + sizes + "]";
    }
}
