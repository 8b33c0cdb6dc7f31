package weft.model.routing;

/**
 * LASH's step 4, the optional balancing step (seed 002 §3.3.1): find layers L_j and L_k, L_j holding more pairs than
 * L_k, and a pair of L_j whose path may move to L_k without closing a cycle of dependencies; move it; repeat until no
 * such combination exists.
 *
 * <p>The move rule: a pair of layer j moves to the least-filled layer k (lowest index among equals) when j holds more
 * than the mean, at least two pairs more than k (four with symmetric pairs, which move together), and the pair fits
 * k on some shortest path ({@link ShortestPathLayers#place}). Every move lowers the sum of squared layer sizes by at
 * least 2, so the repetition ends.
 *
 * <p>The stopping rule: a pass over the pairs without a move, or {@code maxPasses} passes. When it stops on a pass
 * without a move, every pair of a layer j above the mean with {@code n_j >= n_k + 2} fails to fit the least-filled
 * layer k; so when every pair fits every layer (a tree, say), the layer sizes differ by at most one.
 *
 * <p>Decision: only layers above the mean give pairs. A layer below it passing pairs to an emptier one is work that
 * later moves from the fullest layers undo (LASH on 1024 switches of degree 8: 2 s of CPU instead of 5 s, the
 * fullest layer 213k pairs of 1M instead of 202k). The pair order is the caller's: LASH's own order when it balances
 * the layers it needed, a seeded random order when it spreads its pairs over given layers ({@link Lash}).
 */
final class LayerBalance {
    private LayerBalance() {
    }

    /**
     * Moves pairs between layers {@code 0..count-1} by the rule above; pairs of layer {@code count} and beyond (the
     * Up*&#47;Down* fallback layer) stay where they are.
     *
     * @param order     pair indices in the order each pass visits them
     * @param maxPasses passes at most ({@link Integer#MAX_VALUE}: until a pass moves nothing)
     */
    static void balance(Pairs pairs, ShortestPathLayers layers, int[] layerOf, int count, boolean symmetric,
                       int[] order, int maxPasses) {
        long total = 0;
        for (int l = 0; l < count; l++) {
            total += layers.pairsIn(l);
        }
        int weight = symmetric ? 2 : 1;
        for (int pass = 1; pass <= maxPasses; pass++) {
            boolean moved = false;
            for (int p : order) {
                int j = layerOf[p];
                int s = pairs.src(p);
                int d = pairs.dst(p);
                if (j >= count || (symmetric && s > d) || (long) layers.pairsIn(j) * count <= total) {
                    continue;
                }
                int k = leastFilled(layers, count);
                if (layers.pairsIn(j) - layers.pairsIn(k) < 2 * weight || !layers.place(k, s, d)) {
                    continue;
                }
                if (symmetric && !layers.place(k, d, s)) {
                    layers.remove(k, s, d);
                    continue;
                }
                layers.remove(j, s, d);
                layerOf[p] = k;
                if (symmetric) {
                    layers.remove(j, d, s);
                    layerOf[pairs.index(d, s)] = k;
                }
                moved = true;
            }
            if (!moved) {
                return;
            }
        }
    }

    /** The layer with the fewest pairs, the lowest index among equals. */
    static int leastFilled(ShortestPathLayers layers, int count) {
        int k = 0;
        for (int l = 1; l < count; l++) {
            if (layers.pairsIn(l) < layers.pairsIn(k)) {
                k = l;
            }
        }
        return k;
    }
}
