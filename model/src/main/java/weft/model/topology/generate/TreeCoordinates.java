package weft.model.topology.generate;

/**
 * Where a switch sits in a tree: its level ({@code 0} = the roots, the largest level = the leaves, where hosts
 * attach) and its index within that level ({@code 0..count-1}).
 *
 * <p>For a k-ary n-tree the index is the switch label {@code w = (w_0 .. w_{n-2})} read as a base-k number, most
 * significant digit first (the labelling {@code <w, l>} of {@link KaryNTree}); {@link KaryNTree#digits(int, int, int)}
 * splits it. For the other trees see the family's class comment.
 *
 * @param level 0 for roots, increasing towards the leaves
 * @param index position within the level
 */
public record TreeCoordinates(int level, int index) {
    public TreeCoordinates {
        if (level < 0 || index < 0) {
            throw new IllegalArgumentException("tree coordinates must be >= 0, got level " + level + " index "
                    + index);
        }
    }

    /** {@code base^exp} in ints: switches per level of a tree ({@code exp >= 0}, no overflow check). */
    static int pow(int base, int exp) {
        int v = 1;
        for (int i = 0; i < exp; i++) {
            v *= base;
        }
        return v;
    }
}
