package weft.model.sim;

/**
 * iSLIP (McKeown 1999), as BookSim's {@code islip} switch allocator: every free output grants the first requesting
 * unmatched input at or after its grant pointer, every input accepts the first granting output at or after its accept
 * pointer, and the pointers move one past the match only for matches of the first iteration. BookSim runs one
 * iteration by default ({@code alloc_iters = 1}), and so does Weft.
 */
final class IslipAllocator implements CrossbarAllocator {
    private final int[][] grantPointer;
    private final int[][] acceptPointer;
    private final int iterations;
    private long[] matchedInputs = new long[0];
    private int[] grantOf = new int[0];

    IslipAllocator(int[] inputs, int[] outputs, int iterations) {
        this.iterations = iterations;
        grantPointer = new int[outputs.length][];
        acceptPointer = new int[inputs.length][];
        for (int s = 0; s < outputs.length; s++) {
            grantPointer[s] = new int[outputs[s]];
            acceptPointer[s] = new int[inputs[s]];
        }
    }

    @Override
    public void match(int sw, int nIn, int nOut, long[] req, int words, int[] outs, int count, int[] match) {
        if (matchedInputs.length < words || grantOf.length < nOut) {
            matchedInputs = new long[Math.max(matchedInputs.length, words)];
            grantOf = new int[Math.max(grantOf.length, nOut)];
        }
        java.util.Arrays.fill(matchedInputs, 0, words, 0);
        for (int k = 0; k < count; k++) {
            match[outs[k]] = -1;
        }
        int[] gp = grantPointer[sw];
        int[] ap = acceptPointer[sw];
        for (int iter = 0; iter < iterations; iter++) {
            // grant: each unmatched output offers itself to one requesting unmatched input
            boolean any = false;
            for (int k = 0; k < count; k++) {
                int j = outs[k];
                grantOf[j] = -1;
                if (match[j] < 0) {
                    int i = Bits.firstFrom(req, j * words, matchedInputs, words, gp[j], nIn);
                    if (i >= 0) {
                        grantOf[j] = i;
                        any = true;
                    }
                }
            }
            if (!any) {
                return;
            }
            // accept: each input takes the first granting output at or after its accept pointer
            for (int k = 0; k < count; k++) {
                int j = outs[k];
                int i = grantOf[j];
                if (i < 0 || Bits.get(matchedInputs, 0, i)) {
                    continue;
                }
                int best = j;
                int bestDistance = Math.floorMod(j - ap[i], nOut);
                for (int m = k + 1; m < count; m++) {
                    int o = outs[m];
                    if (grantOf[o] == i) {
                        int d = Math.floorMod(o - ap[i], nOut);
                        if (d < bestDistance) {
                            best = o;
                            bestDistance = d;
                        }
                    }
                }
                match[best] = i;
                Bits.set(matchedInputs, 0, i);
                if (iter == 0) {
                    gp[best] = (i + 1) % nIn;
                    ap[i] = (best + 1) % nOut;
                }
            }
        }
    }
}
