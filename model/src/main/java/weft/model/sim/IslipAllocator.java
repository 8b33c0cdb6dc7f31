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
    private long[] grants = new long[0];
    private long[] matchedInputs = new long[0];
    private int[] inputMatch = new int[0];

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
    public void match(int sw, int nIn, int nOut, long[] req, int words, int[] match) {
        int outWords = (nOut + 63) >>> 6;
        if (grants.length < nIn * outWords || matchedInputs.length < words || inputMatch.length < nIn) {
            grants = new long[Math.max(grants.length, nIn * outWords)];
            matchedInputs = new long[Math.max(matchedInputs.length, words)];
            inputMatch = new int[Math.max(inputMatch.length, nIn)];
        }
        java.util.Arrays.fill(matchedInputs, 0, words, 0);
        java.util.Arrays.fill(match, 0, nOut, -1);
        java.util.Arrays.fill(inputMatch, 0, nIn, -1);
        int[] gp = grantPointer[sw];
        int[] ap = acceptPointer[sw];
        for (int iter = 0; iter < iterations; iter++) {
            java.util.Arrays.fill(grants, 0, nIn * outWords, 0);
            boolean any = false;
            for (int j = 0; j < nOut; j++) {
                if (match[j] >= 0) {
                    continue;
                }
                int i = Bits.firstFrom(req, j * words, matchedInputs, words, gp[j], nIn);
                if (i >= 0) {
                    Bits.set(grants, i * outWords, j);
                    any = true;
                }
            }
            if (!any) {
                return;
            }
            for (int i = 0; i < nIn; i++) {
                if (inputMatch[i] >= 0 || Bits.isEmpty(grants, i * outWords, outWords)) {
                    continue;
                }
                int j = Bits.firstFrom(grants, i * outWords, null, outWords, ap[i], nOut);
                match[j] = i;
                inputMatch[i] = j;
                Bits.set(matchedInputs, 0, i);
                if (iter == 0) {
                    gp[j] = (i + 1) % nIn;
                    ap[i] = (j + 1) % nOut;
                }
            }
        }
    }
}
