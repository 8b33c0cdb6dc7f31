package weft.model.sim;

/**
 * Separable input-first allocation with priority round-robin arbiters, one iteration, as BookSim's
 * {@code separable_input_first} switch allocator over {@code round_robin} arbiters (seed 001 §3: "separable
 * input-first allocation with priority arbiters"): first every input's arbiter picks one of its requests, the best
 * priority and among equals the first output at or after the input's pointer; then every output's arbiter picks one
 * of the inputs that picked it, the best priority and among equals the first input at or after the output's pointer.
 * Both pointers move to one past the other side of a granted pair, and only then (BookSim's {@code UpdateState}
 * after a grant). An input whose pick another input won stays unmatched for this round even if another of its
 * outputs was free: that is what separable allocation gives up against a maximal matching.
 *
 * <p>Pointers are kept per switch. Priorities: 0 is the best (Weft's traffic-class priorities; BookSim's larger
 * number wins).
 */
final class SeparableAllocator {
    /** No request in the priority matrix. */
    static final int NONE = -1;

    private final int[][] inputPointer;
    private final int[][] outputPointer;
    private int[] choice = new int[0];

    /** Allocators for switches with {@code inputs[s]} inputs and {@code outputs[s]} outputs. */
    SeparableAllocator(int[] inputs, int[] outputs) {
        inputPointer = new int[inputs.length][];
        outputPointer = new int[outputs.length][];
        for (int s = 0; s < inputs.length; s++) {
            inputPointer[s] = new int[inputs[s]];
            outputPointer[s] = new int[outputs[s]];
        }
    }

    /**
     * One allocation round of switch {@code sw}.
     *
     * @param pri       {@code pri[i * nOut + j]}: the priority of input i's request for output j, {@link #NONE} when it
     *                  has none
     * @param requests  the inputs with at least one request
     * @param count     how many of {@code requests} are valid
     * @param match     filled for every output {@code j < nOut}: the input granted it, or -1
     */
    void match(int sw, int nIn, int nOut, int[] pri, int[] requests, int count, int[] match) {
        if (choice.length < nIn) {
            choice = new int[nIn];
        }
        java.util.Arrays.fill(match, 0, nOut, -1);
        int[] ip = inputPointer[sw];
        int[] op = outputPointer[sw];
        for (int k = 0; k < count; k++) {
            int i = requests[k];
            int best = -1;
            int bestPri = Integer.MAX_VALUE;
            for (int d = 0; d < nOut; d++) {
                int j = ip[i] + d < nOut ? ip[i] + d : ip[i] + d - nOut;
                int p = pri[i * nOut + j];
                if (p != NONE && p < bestPri) {
                    best = j;
                    bestPri = p;
                }
            }
            choice[i] = best;
            if (best < 0) {
                continue;
            }
            int held = match[best];
            if (held < 0 || better(bestPri, i, pri[held * nOut + best], held, op[best], nIn)) {
                match[best] = i;
            }
        }
        for (int k = 0; k < count; k++) {
            int i = requests[k];
            int j = choice[i];
            if (j >= 0 && match[j] == i) {
                ip[i] = (j + 1) % nOut;
                op[j] = (i + 1) % nIn;
            }
        }
    }

    /** Whether input a of priority pa beats input b of priority pb at an output whose pointer is at {@code from}. */
    private static boolean better(int pa, int a, int pb, int b, int from, int n) {
        if (pa != pb) {
            return pa < pb;
        }
        return Math.floorMod(a - from, n) < Math.floorMod(b - from, n);
    }
}
