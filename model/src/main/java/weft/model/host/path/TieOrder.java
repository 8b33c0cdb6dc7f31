package weft.model.host.path;

import java.util.random.RandomGenerator;
import weft.model.traffic.Shuffle;

/**
 * The bytes a server has sent on each path and the order in which the deficit policies (Sorted-Deficit, Two-Phase,
 * Multi-Phase) break ties between equally loaded paths: a random permutation of the paths, drawn once per server when
 * the policy is created; for the periodic variants (P-SD, P-TP, P-MP) drawn anew at the end of every round.
 *
 * <p>Source: seed 004 §3.2.2: "When all paths have negative credit we add a new quantum to each counter and perform a
 * permutation on the list of paths. The permutation causes ties among paths with equal credit to be broken randomly.
 * Its use is optional and serves to periodically desynchronize servers in a similar fashion as PRR"; Table 3.1 runs TP
 * and MP "with and without the use of periodic permutations on the list of the paths they maintain (denoted with the
 * prefix P-)". Restated with bytes sent instead of credits (SD's best quantum, 1 byte, §3.2.2): every counter is
 * negative once every path has been charged since the last top-up, i.e. a round ends when the least of the per-path
 * byte counts rises, which is when the path charged was the only one at the minimum. With equal packets a round is
 * one packet on each path, as P-RR's (hand-computed from the rule). Decision: every policy starts from its own random
 * order, as RR does (§3.2.1: RR "only performs an initial permutation on the list of paths") and SRR, which walks
 * RR's list; the plain policies keep that order, the P- policies permute it every round. One order shared by every
 * server (0, 1, 2, ...) would make the servers of a pod, whose periodic sources start within one frame gap, choose the
 * same path at the same instant with equal or alternating frame sizes. Counters are rebased as {@link SentCounters}
 * does.
 */
final class TieOrder {
    private final long[] sent;
    private final int[] order;
    private final RandomGenerator permuteOrNull;

    /**
     * Counters for {@code order.length} paths, ties broken in {@code order} (a permutation of the paths);
     * {@code permuteOrNull} draws a new order every round, null keeps {@code order}.
     */
    TieOrder(int[] order, RandomGenerator permuteOrNull) {
        this.sent = new long[order.length];
        this.permuteOrNull = permuteOrNull;
        this.order = order.clone();
    }

    /**
     * A plain policy's order, a random permutation of {@code maxPaths} paths drawn once from this server's
     * {@code random}, or a periodic policy's, which {@code random} also permutes at every round's end.
     */
    static TieOrder random(int maxPaths, RandomGenerator random, boolean periodic) {
        return new TieOrder(Shuffle.permutation(maxPaths, random), periodic ? random : null);
    }

    /** The number of paths counted. */
    int paths() {
        return sent.length;
    }

    /** A policy's load of each path for the packet at hand (bytes sent on it, summed as the policy counts them). */
    interface Loads {
        long of(int path);
    }

    /**
     * The least loaded of the usable paths {@code 0..usable-1}; among equally loaded paths the one listed first in
     * the tie-break order.
     */
    int leastLoaded(Loads loads, int usable) {
        int best = -1;
        long bestLoad = Long.MAX_VALUE;
        for (int p : order) {
            if (p < usable) {
                long load = loads.of(p);
                if (load < bestLoad) {
                    bestLoad = load;
                    best = p;
                }
            }
        }
        return best;
    }

    /** The bytes sent on path {@code p} (rebased: only differences between paths mean anything). */
    long sent(int p) {
        return sent[p];
    }

    /**
     * Charges {@code bytes} to {@code path} among the usable paths {@code 0..paths-1}; at the end of a round the
     * periodic variants draw a new order.
     *
     * @return whether a round ended (the least counter rose)
     */
    boolean charge(int path, int bytes, int paths) {
        long min = Long.MAX_VALUE;
        int atMin = 0;
        for (int i = 0; i < paths; i++) {
            if (sent[i] < min) {
                min = sent[i];
                atMin = 1;
            } else if (sent[i] == min) {
                atMin++;
            }
        }
        boolean roundEnds = sent[path] == min && atMin == 1;
        sent[path] += bytes;
        SentCounters.rebase(sent, paths);
        if (roundEnds && permuteOrNull != null) {
            Shuffle.shuffle(order, permuteOrNull);
        }
        return roundEnds;
    }
}
