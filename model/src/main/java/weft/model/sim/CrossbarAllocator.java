package weft.model.sim;

/**
 * Matches the inputs of one switch to its free outputs for one allocation round of a crossbar with speedup 1: each
 * input crosses to at most one output and each output takes at most one input. Requests are a bit matrix, row per
 * output. Implementations keep their round-robin pointers per switch: {@link IslipAllocator} and
 * {@link GreedyAllocator}, chosen by name as BookSim's {@code sw_allocator}.
 */
interface CrossbarAllocator {
    /**
     * @param sw      the switch
     * @param nIn     its input ports (requests name inputs {@code 0..nIn-1})
     * @param nOut    its output ports
     * @param req     {@code req[j * words ..]}: bit i set when input i requests output j (rows of listed outputs)
     * @param words   longs per row
     * @param outs    the outputs that have requests, ascending
     * @param count   how many of {@code outs} are valid
     * @param match   filled, for the listed outputs, with the input granted or -1
     */
    void match(int sw, int nIn, int nOut, long[] req, int words, int[] outs, int count, int[] match);

    /** The allocator named {@code islip} or {@code rr}, for switches with the given port counts. */
    static CrossbarAllocator create(String name, int[] inputs, int[] outputs) {
        return switch (name) {
            case "islip" -> new IslipAllocator(inputs, outputs, 1);
            case "rr" -> new GreedyAllocator(inputs, outputs);
            default -> throw new IllegalArgumentException("allocator: unknown '" + name + "', expected islip or rr");
        };
    }
}
