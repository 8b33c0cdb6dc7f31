package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The level and position of every switch of a tree fabric, as the tree generators lay it out: level 0 holds the
 * roots, the last level the leaves (the only switches with hosts). Routing engines that exploit the tree (D-mod-k,
 * adaptive ascent, horizontal descent) read coordinates here instead of re-deriving them from the graph.
 *
 * <p>Obtain one from the generator ({@link KaryNTree#layout(int, int)}) or recognise it in any topology whose
 * switch order and ports follow the generator's scheme ({@link KaryNTree#recognize(weft.model.topology.Topology)}),
 * which covers generated fabrics after a JSON round trip.
 */
public final class TreeLayout {
    private final String family;
    private final int arity;
    private final List<List<String>> levels;
    private final Map<String, TreeCoordinates> coordinates;

    /**
     * @param family the generator family, e.g. {@code "kary-ntree"}
     * @param arity  up-ports per non-root switch ({@code k} of a k-ary n-tree, {@code k/2} of a k-port fat tree,
     *               the spine count of a leaf-spine)
     * @param levels switch ids per level, roots first
     */
    public TreeLayout(String family, int arity, List<List<String>> levels) {
        this.family = family;
        this.arity = arity;
        List<List<String>> copy = new ArrayList<>();
        Map<String, TreeCoordinates> index = new HashMap<>();
        for (int l = 0; l < levels.size(); l++) {
            List<String> ids = List.copyOf(levels.get(l));
            copy.add(ids);
            for (int i = 0; i < ids.size(); i++) {
                if (index.put(ids.get(i), new TreeCoordinates(l, i)) != null) {
                    throw new IllegalArgumentException("tree layout: switch " + ids.get(i) + " appears twice");
                }
            }
        }
        this.levels = List.copyOf(copy);
        this.coordinates = Collections.unmodifiableMap(index);
    }

    public String family() {
        return family;
    }

    /** Up-ports per non-root switch: the base of D-mod-k's up-port choice. */
    public int arity() {
        return arity;
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

    /** Coordinates of a switch, or empty if it is not part of this tree. */
    public Optional<TreeCoordinates> coordinates(String switchId) {
        return Optional.ofNullable(coordinates.get(switchId));
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
