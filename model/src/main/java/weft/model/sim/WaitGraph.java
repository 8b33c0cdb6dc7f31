package weft.model.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Who waits for whom among a switch fabric's input buffers, for deadlock detection: an edge {@code a -> b} means a
 * flit in buffer a cannot move until buffer b has room. A buffer is dead when it has sent nothing for the detection
 * time, nothing in it could move, and every buffer it waits for is dead (the greatest such set); a non-empty dead set
 * is a deadlock, and following edges inside it gives a cycle of full buffers.
 */
final class WaitGraph {
    final boolean[] candidate;
    final boolean[] alive;
    /** The candidates in the order they were named. */
    private int[] candidates = new int[64];
    private int candidateCount;
    private int[] from = new int[1024];
    private int[] to = new int[1024];
    private int edges;

    WaitGraph(int buffers) {
        candidate = new boolean[buffers];
        alive = new boolean[buffers];
    }

    /** Names buffer b a candidate: it holds flits and has sent nothing for the detection time. */
    void candidate(int b) {
        if (candidateCount == candidates.length) {
            candidates = java.util.Arrays.copyOf(candidates, 2 * candidateCount);
        }
        candidates[candidateCount++] = b;
        candidate[b] = true;
    }

    /** The candidates, in the order they were named. */
    int[] candidates() {
        return java.util.Arrays.copyOf(candidates, candidateCount);
    }

    void edge(int a, int b) {
        if (edges == from.length) {
            from = java.util.Arrays.copyOf(from, 2 * edges);
            to = java.util.Arrays.copyOf(to, 2 * edges);
        }
        from[edges] = a;
        to[edges] = b;
        edges++;
    }

    /** A cycle of dead buffers, in waiting order (each waits for the next, the last for the first); empty if none. */
    List<Integer> deadCycle() {
        int n = candidate.length;
        boolean[] dead = new boolean[n];
        boolean hasEdge = false;
        boolean[] waits = new boolean[n];
        for (int e = 0; e < edges; e++) {
            waits[from[e]] = true;
        }
        for (int b = 0; b < n; b++) {
            dead[b] = candidate[b] && !alive[b] && waits[b];
            hasEdge |= dead[b];
        }
        if (!hasEdge) {
            return List.of();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int e = 0; e < edges; e++) {
                if (dead[from[e]] && !dead[to[e]]) {
                    dead[from[e]] = false;
                    changed = true;
                }
            }
        }
        int[] next = new int[n];
        java.util.Arrays.fill(next, -1);
        for (int e = 0; e < edges; e++) {
            if (dead[from[e]] && dead[to[e]] && next[from[e]] < 0) {
                next[from[e]] = to[e];
            }
        }
        for (int start = 0; start < n; start++) {
            if (!dead[start]) {
                continue;
            }
            int[] seenAt = new int[n];
            java.util.Arrays.fill(seenAt, -1);
            List<Integer> walk = new ArrayList<>();
            int b = start;
            while (seenAt[b] < 0) {
                seenAt[b] = walk.size();
                walk.add(b);
                b = next[b];
            }
            return new ArrayList<>(walk.subList(seenAt[b], walk.size()));
        }
        return List.of();
    }
}
