package weft.model.sim;

/**
 * Greedy round robin: the outputs, starting from one that rotates every round, each take the first requesting
 * unmatched input at or after their pointer. A maximal matching in one pass (iSLIP with one iteration may leave an
 * output idle that another input could have used).
 */
final class GreedyAllocator implements CrossbarAllocator {
    private final int[][] pointer;
    private final int[] start;
    private long[] matchedInputs = new long[0];

    GreedyAllocator(int[] inputs, int[] outputs) {
        pointer = new int[outputs.length][];
        start = new int[outputs.length];
        for (int s = 0; s < outputs.length; s++) {
            pointer[s] = new int[outputs[s]];
        }
    }

    @Override
    public void match(int sw, int nIn, int nOut, long[] req, int words, int[] outs, int count, int[] match) {
        if (matchedInputs.length < words) {
            matchedInputs = new long[words];
        }
        java.util.Arrays.fill(matchedInputs, 0, words, 0);
        int[] p = pointer[sw];
        int first = start[sw];
        // outputs in rotating order: the listed ones at or after the start, then the rest
        for (int pass = 0; pass < 2; pass++) {
            for (int k = 0; k < count; k++) {
                int j = outs[k];
                if ((j >= first) != (pass == 0)) {
                    continue;
                }
                int i = Bits.firstFrom(req, j * words, matchedInputs, words, p[j], nIn);
                match[j] = i;
                if (i >= 0) {
                    Bits.set(matchedInputs, 0, i);
                    p[j] = (i + 1) % nIn;
                }
            }
        }
        start[sw] = (first + 1) % Math.max(1, nOut);
    }
}
