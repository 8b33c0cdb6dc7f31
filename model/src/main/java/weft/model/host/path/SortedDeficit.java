package weft.model.host.path;

/**
 * Sorted-Deficit: the SRR counters, but every packet takes the path with the most credit; when all counters are
 * negative the quantum is added to each and, for P-SD, the tie-break order is permuted at random (SD keeps the
 * random order each server drew at start).
 *
 * <p>Source: seed 004 §3.2.2 (hand-computed from its rule: with sizes 1500, 84, ... on paths A, B the choices are A B B
 * A A B B A). Restated: adding one quantum to every counter never changes the argmax, so the path with most credit is
 * the path with the fewest bytes sent by this server; ties follow the current list order. The counters and the order,
 * and P-SD's permutation at the end of each round, are {@link TieOrder}'s.
 */
final class SortedDeficit implements PathPolicy {
    private final TieOrder ties;
    private final TieOrder.Loads sent;

    SortedDeficit(TieOrder ties) {
        this.ties = ties;
        this.sent = ties::sent;
    }

    @Override
    public int choose(int dest, int paths, int bytes) {
        int best = ties.leastLoaded(sent, paths);
        ties.charge(best, bytes, paths);
        return best;
    }
}
