package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Separable input-first allocation (seed 001 §3, BookSim's separable_input_first), hand-computed from its rule. */
class SeparableAllocatorTest {
    private static final int N = SeparableAllocator.NONE;

    private static int[] match(SeparableAllocator a, int[] pri, int... inputs) {
        int[] m = new int[3];
        a.match(0, 3, 3, pri, inputs, inputs.length, m);
        return m;
    }

    @Test
    @DisplayName("input-first: input 0 asks for outputs 0 and 1, input 1 for 0, input 2 for 1 and 2; the inputs pick "
            + "0, 0, 1 from their pointers, output 0 takes input 0, output 2 stays idle though input 2 wanted it; the "
            + "moved pointers then give the full match 0->1, 1->0, 2->2")
    void inputFirstChoice() {
        SeparableAllocator a = new SeparableAllocator(new int[] {3}, new int[] {3});
        int[] pri = {
            0, 0, N,
            0, N, N,
            N, 0, 0};
        assertThat(match(a, pri, 0, 1, 2)).containsExactly(0, 2, -1);
        // pointers: input 0 -> output 1, input 2 -> output 2; output 0 -> input 1, output 1 -> input 0
        assertThat(match(a, pri, 0, 1, 2)).containsExactly(1, 0, 2);
    }

    @Test
    @DisplayName("priority arbiters: an input picks its best-priority request before its pointer's; an output takes "
            + "the best-priority input before its pointer's; pointers move only for granted pairs")
    void priorities() {
        SeparableAllocator a = new SeparableAllocator(new int[] {3}, new int[] {3});
        int[] pri = new int[9];
        Arrays.fill(pri, N);
        pri[0] = 1; // input 0 -> output 0, priority 1
        pri[1] = 0; // input 0 -> output 1, priority 0: input 0 picks output 1
        pri[2 * 3 + 1] = 1; // input 2 -> output 1, priority 1
        pri[1 * 3] = 2; // input 1 -> output 0, priority 2
        // output 1: input 0 (priority 0) beats input 2 (1); output 0: only input 1 picked it
        assertThat(match(a, pri, 0, 1, 2)).containsExactly(1, 0, -1);
        // output 1's pointer is now at input 1, but priority still wins: input 0 again; input 2 never moved
        assertThat(match(a, pri, 0, 1, 2)).containsExactly(1, 0, -1);
        // equal priorities: output 1's pointer (input 1) favours input 2 over input 0
        pri[1] = 1;
        pri[0] = N;
        assertThat(match(a, pri, 0, 2)).containsExactly(-1, 2, -1);
    }
}
