package weft.model.routing.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link DeadlockVerifier} found by walking a routing result's forwarding entries.
 *
 * <p>Each kind of problem is a {@link Findings}: how many there were and the first few, spelled out. A result is
 * {@link #ok()} when every pair is delivered, no walk loops, no entry is missing or malformed, every path is
 * shortest where the engine promised it, and every layer's channel dependency graph is acyclic.
 *
 * @param pairsChecked   ordered switch pairs walked, counting each (pair, layer, path tag) once
 * @param missingPairs   ordered pairs of switches with hosts that {@code layer_of} does not list
 * @param unreachable    walks that end at a switch with no entry for the destination (black holes)
 * @param loops          walks that revisit a channel (forwarding loops), with the loop spelled out
 * @param malformed      entries naming unknown switches, ports without a switch link, or layers out of range
 * @param nonShortest    walks longer than the hop distance, reported only when the engine promises shortest
 * @param layers         one verdict per layer, in layer order
 * @param maxPathLength  longest path found, in switch-to-switch hops
 * @param meanPathLength mean over walks of each walk's longest path
 * @param maxChannelLoad most walks that use one channel (each walk counts a channel once)
 */
public record VerificationReport(int pairsChecked, Findings missingPairs, Findings unreachable, Findings loops,
                                 Findings malformed, Findings nonShortest, List<LayerVerdict> layers,
                                 int maxPathLength, double meanPathLength, int maxChannelLoad) {
    public VerificationReport {
        layers = List.copyOf(layers);
    }

    /** True when every layer's channel dependency graph is acyclic. */
    public boolean deadlockFree() {
        for (LayerVerdict l : layers) {
            if (!l.acyclic()) {
                return false;
            }
        }
        return true;
    }

    /** True when every listed pair is delivered on every branch of its walk and no pair is missing. */
    public boolean connected() {
        return missingPairs.count() == 0 && unreachable.count() == 0 && loops.count() == 0;
    }

    /** True when nothing at all was found. */
    public boolean ok() {
        return connected() && deadlockFree() && malformed.count() == 0 && nonShortest.count() == 0;
    }

    /** One line: "ok" or the problems found, e.g. {@code "DEADLOCK in layer 1; 3 unreachable"}. */
    public String verdict() {
        if (ok()) {
            return "ok: connected, loop-free, deadlock-free in all " + layers.size() + " layer(s)";
        }
        List<String> parts = new ArrayList<>();
        for (LayerVerdict l : layers) {
            if (!l.acyclic()) {
                parts.add("DEADLOCK: layer " + l.layer() + " has a dependency cycle " + String.join(", ",
                        l.witnessCycle()));
            }
        }
        add(parts, "pair(s) missing from layer_of", missingPairs);
        add(parts, "unreachable", unreachable);
        add(parts, "forwarding loop(s)", loops);
        add(parts, "malformed entr(ies)", malformed);
        add(parts, "non-shortest path(s)", nonShortest);
        return String.join("; ", parts);
    }

    private static void add(List<String> parts, String what, Findings f) {
        if (f.count() > 0) {
            parts.add(f.count() + " " + what + " (first: " + f.examples().get(0) + ")");
        }
    }

    /**
     * A count of one kind of problem and the first few occurrences in words.
     *
     * @param count    how many were found
     * @param examples at most {@link #MAX_EXAMPLES} of them
     */
    public record Findings(int count, List<String> examples) {
        /** Examples kept per kind. */
        public static final int MAX_EXAMPLES = 10;

        public Findings {
            examples = List.copyOf(examples);
        }

        public static Findings none() {
            return new Findings(0, List.of());
        }
    }

    /**
     * The channel dependency verdict of one layer (seed 002 §2: dependency c1 -> c2 when a packet may use c2
     * right after c1 in that layer; the layer is deadlock-free when the graph is acyclic).
     *
     * @param layer        layer index
     * @param dependencies distinct channel dependencies found in the layer
     * @param acyclic      true when the dependency graph has no cycle
     * @param witnessCycle when cyclic, the channels of one cycle as {@code "s1:2->s2:3"} (switch:port at each end),
     *                     in order, the first channel depending on the last; empty when acyclic
     */
    public record LayerVerdict(int layer, int dependencies, boolean acyclic, List<String> witnessCycle) {
        public LayerVerdict {
            witnessCycle = List.copyOf(witnessCycle);
        }
    }
}
