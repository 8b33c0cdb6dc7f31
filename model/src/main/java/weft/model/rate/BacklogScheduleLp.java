package weft.model.rate;

import java.util.ArrayList;
import java.util.List;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

/**
 * Seed 004 §5.4.3: the offline optimum of the deterministic backlog-schedule problem, the least number of intervals
 * l of a rate schedule that clears a backlog schedule F, by its linear program: send and receive constraints, one
 * unit per server and interval (5.23, 5.24); backlog present, the rate through t at most the backlog arrived through
 * t (5.25); backlog cleared (5.26). Units as {@link BacklogClearing}'s.
 *
 * <p>Decision: the thesis finds the least l with one LP over |F| + β(F⁺) intervals whose costs grow as (f⁺₊₊)^t
 * (5.27), which a double-precision simplex cannot hold (costs from 1 to 210^28 at n = 15). Weft solves an equivalent
 * LP whose size does not depend on l, with one variable per VOQ and <em>block</em> instead of per VOQ and interval:
 * <ol>
 * <li>A block is a run of intervals [a, e) in which backlog arrives only at a: a is an interval whose increase F^a
 * is not empty, e the next such interval or, for the last block, the span s = |F| without trailing empty increases
 * (no VOQ has backlog before the first block).
 * Summing a rate schedule's x_{i,j,t} over a block gives amounts y_{i,j,a} with row and column sums at most e − a
 * and cumulative amounts at most the backlog arrived through a; conversely, spreading each amount evenly,
 * x_{i,j,t} = y_{i,j,a} / (e − a), meets 5.23-5.24 in every interval of the block and 5.25 too, because the rate
 * through any interval of the block is at most the rate through its end, and no backlog arrives inside it.</li>
 * <li>After s nothing arrives, so the intervals [s, l) are one block whose amounts are the residual backlog
 * f⁺ − Σ y (5.26): they fit in l − s intervals exactly when the residual's largest row or column sum is at most
 * l − s (spread evenly, as in 1.).</li>
 * <li>So l intervals suffice exactly when l ≥ s (F^{s−1} arrives in interval s − 1) and l − s ≥ T*, where T* is
 * the least largest row or column sum of the residual over the amounts meeting 1.: one LP, minimise T subject to
 * the blocks' send and receive limits, 5.25 per block and T + Σ_{j,a} y_{i,j,a} ≥ f⁺_{i,+} (and per column), and
 * |S| = s + ⌈T*⌉. It replaces both the thesis's costs and a search over l.</li>
 * <li>When every increase is symmetric (F^t = (F^t)ᵀ, as the stress test's), the LP is unchanged by transposing
 * the amounts, so with an optimum y its transpose is one too, and by convexity so is (y + yᵀ) / 2: Weft keeps one
 * variable per pair {i, j} and block, counted in both servers' send limits and tail rows, and drops the receive
 * rows, which equal the send rows. Half the variables and rows, the same T*.</li>
 * </ol>
 * The LP is not a flow: each amount counts against a sender, a receiver and a VOQ at once (a three-index
 * transportation problem; a flow network keeps two of the three). The stress test of §5.6.3 (n − 1 blocks of one
 * interval) takes about n³/3 variables and 3n²/2 rows with step 4, 40,426 by 3,725 at n = 50, where the thesis's
 * per-interval LP has 117,600 variables at the optimum.
 *
 * <p>Decision: Weft solves it with OR-tools' GLOP, a sparse revised simplex, in process (its native library is loaded
 * once by OR-tools' loader). Measured on the stress test (docs/reproductions.md): commons-math's dense tableau takes
 * minutes from n = 20 and ojAlgo's simplex (57.1) reports as optimal a T* above the optimum from n = 25 (7.24 where
 * GLOP and commons-math find 6.83), while GLOP solves n = 50 in seconds. Rounding: T* is rounded up after
 * subtracting {@link #ROUNDING}, as a simplex can return an integer T* = 3 as 3.00000000000001.
 */
public final class BacklogScheduleLp {
    /** Backlog below this is no backlog (the doubles' rounding), as {@link BacklogClearing#EPSILON}. */
    private static final double EPSILON = BacklogClearing.EPSILON;
    /** The simplex's error on the tail length T* that is still taken as the integer below it. */
    private static final double ROUNDING = 1e-6;
    private static final double INFINITY = Double.POSITIVE_INFINITY;

    private BacklogScheduleLp() {
    }

    /**
     * The least number of intervals that clears the schedule ({@code schedule[t][i][j]}: units from sender i to
     * receiver j arriving at the start of interval t); 0 when the schedule is empty.
     *
     * @throws IllegalArgumentException as {@link BacklogClearing#intervals(double[][][], RateAllocator)}
     */
    public static int leastIntervals(double[][][] schedule) {
        return leastIntervals(fractionalOptimum(schedule));
    }

    /**
     * The LP's optimum before the rounding up to whole intervals, s + T* (step 3 of the class comment): the
     * intervals a schedule would take if the tail could end inside an interval.
     *
     * @throws IllegalArgumentException as {@link #leastIntervals}
     */
    public static double fractionalOptimum(double[][][] schedule) {
        Optimum o = solve(schedule);
        return o.span + o.tail;
    }

    /** The least whole number of intervals of a {@link #fractionalOptimum}: s + ⌈T*⌉. */
    public static int leastIntervals(double fractionalOptimum) {
        return (int) Math.ceil(fractionalOptimum - ROUNDING);
    }

    /**
     * A rate schedule of {@code l} intervals that clears the schedule, {@code [t][i][j]}, or null when there is none.
     *
     * @throws IllegalArgumentException as {@link #leastIntervals}, or when l < 1
     */
    public static double[][][] rates(double[][][] schedule, int l) {
        if (l < 1) {
            throw new IllegalArgumentException("backlog schedule LP: l must be >= 1, got " + l);
        }
        Optimum o = solve(schedule);
        if (l < o.span || l - o.span < o.tail - ROUNDING) {
            return null;
        }
        int n = o.residual.length;
        int m = o.residual[0].length;
        double[][][] r = new double[l][n][m];
        for (int b = 0; b < o.starts.length; b++) {
            int end = b + 1 < o.starts.length ? o.starts[b + 1] : o.span;
            spread(o.amounts[b], r, o.starts[b], end);
        }
        spread(o.residual, r, o.span, l);
        return r;
    }

    /** Block amounts spread evenly over the intervals [from, to) (step 1 of the class comment). */
    private static void spread(double[][] amounts, double[][][] r, int from, int to) {
        for (int t = from; t < to; t++) {
            for (int i = 0; i < amounts.length; i++) {
                for (int j = 0; j < amounts[i].length; j++) {
                    r[t][i][j] = amounts[i][j] / (to - from);
                }
            }
        }
    }

    /**
     * The LP's solution: the span s, the blocks' first intervals, their amounts {@code [block][i][j]}, the residual
     * left for the tail and its least largest row or column sum T*.
     */
    private record Optimum(int span, int[] starts, double[][][] amounts, double[][] residual, double tail) {
    }

    /** Builds and solves the block LP of the class comment (step 3; step 4 when the schedule is symmetric). */
    private static Optimum solve(double[][][] schedule) {
        double[][] total = BacklogClearing.total(schedule);
        int n = total.length;
        int m = total[0].length;
        int span = BacklogClearing.span(schedule);
        int[] starts = blockStarts(schedule, span);
        boolean symmetric = symmetric(schedule);
        Loader.loadNativeLibraries();
        MPSolver solver = MPSolver.createSolver("GLOP");
        try {
            MPVariable tail = solver.makeNumVar(0, INFINITY, "T");
            solver.objective().setCoefficient(tail, 1);
            solver.objective().setMinimization();
            MPConstraint[] sendTail = tailRows(solver, tail, total, false);
            MPConstraint[] receiveTail = symmetric ? null : tailRows(solver, tail, total, true);
            double[][] arrived = new double[n][m];
            MPVariable[][][] y = new MPVariable[starts.length][n][m];
            for (int b = 0; b < starts.length; b++) {
                double length = (b + 1 < starts.length ? starts[b + 1] : span) - starts[b];
                MPConstraint[] send = new MPConstraint[n];
                MPConstraint[] receive = new MPConstraint[m];
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < m; j++) {
                        arrived[i][j] += schedule[starts[b]][i][j];
                        if (arrived[i][j] <= EPSILON) {
                            continue;
                        }
                        if (symmetric && j < i) {
                            y[b][i][j] = y[b][j][i];
                            continue;
                        }
                        MPVariable v = solver.makeNumVar(0, INFINITY, "y " + i + "," + j + " " + starts[b]);
                        y[b][i][j] = v;
                        send[i] = add(solver, send[i], v, length, "send " + i + " " + starts[b]);
                        sendTail[i].setCoefficient(v, 1);
                        // step 4: the pair's variable is also j's send (and so its receive), once on the diagonal
                        if (symmetric && i != j) {
                            send[j] = add(solver, send[j], v, length, "send " + j + " " + starts[b]);
                            sendTail[j].setCoefficient(v, 1);
                        } else if (!symmetric) {
                            receive[j] = add(solver, receive[j], v, length, "receive " + j + " " + starts[b]);
                            receiveTail[j].setCoefficient(v, 1);
                        }
                    }
                }
                backlogPresent(solver, y, b, arrived, total, symmetric);
            }
            MPSolver.ResultStatus status = solver.solve();
            if (status != MPSolver.ResultStatus.OPTIMAL) {
                throw new IllegalStateException("backlog schedule LP: GLOP ended " + status + " on an LP that is "
                        + "always feasible (T = β(F⁺) with no rate before the tail)");
            }
            return optimum(total, span, starts, y, tail.solutionValue());
        } finally {
            solver.delete();
        }
    }

    /** T + (the amounts before the tail of a server's sends, or receives) >= its total (step 3). */
    private static MPConstraint[] tailRows(MPSolver solver, MPVariable tail, double[][] total, boolean receive) {
        int count = receive ? total[0].length : total.length;
        MPConstraint[] rows = new MPConstraint[count];
        for (int k = 0; k < count; k++) {
            double sum = 0;
            for (int o = 0; o < (receive ? total.length : total[0].length); o++) {
                sum += receive ? total[o][k] : total[k][o];
            }
            rows[k] = solver.makeConstraint(sum, INFINITY, (receive ? "tail receive " : "tail send ") + k);
            rows[k].setCoefficient(tail, 1);
        }
        return rows;
    }

    /** Adds v to a block's send or receive limit, made on first use. */
    private static MPConstraint add(MPSolver solver, MPConstraint row, MPVariable v, double length, String name) {
        MPConstraint r = row != null ? row : solver.makeConstraint(0, length, name);
        r.setCoefficient(v, 1);
        return r;
    }

    /** The solved amounts per block, and the residual backlog the tail clears. */
    private static Optimum optimum(double[][] total, int span, int[] starts, MPVariable[][][] y, double tail) {
        int n = total.length;
        int m = total[0].length;
        double[][][] amounts = new double[starts.length][n][m];
        double[][] residual = new double[n][];
        for (int i = 0; i < n; i++) {
            residual[i] = total[i].clone();
        }
        for (int b = 0; b < starts.length; b++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    if (y[b][i][j] != null) {
                        amounts[b][i][j] = Math.max(0, y[b][i][j].solutionValue());
                        residual[i][j] -= amounts[b][i][j];
                    }
                }
            }
        }
        for (double[] row : residual) {
            for (int j = 0; j < m; j++) {
                row[j] = Math.max(0, row[j]);
            }
        }
        return new Optimum(span, starts, amounts, residual, tail);
    }

    /**
     * 5.25 per block, each VOQ's amounts through block b at most the backlog arrived through its start, and 5.26's
     * "no more than the total" after the last block (once per VOQ, where the arrived backlog is the total; once per
     * pair when the schedule is symmetric).
     */
    private static void backlogPresent(MPSolver solver, MPVariable[][][] y, int b, double[][] arrived,
            double[][] total, boolean symmetric) {
        boolean last = b == y.length - 1;
        for (int i = 0; i < arrived.length; i++) {
            for (int j = symmetric ? i : 0; j < arrived[i].length; j++) {
                boolean partial = arrived[i][j] > EPSILON && arrived[i][j] < total[i][j] - EPSILON;
                if (!partial && !(last && total[i][j] > EPSILON)) {
                    continue;
                }
                MPConstraint through = solver.makeConstraint(0, arrived[i][j], "present " + i + "," + j + " " + b);
                for (int c = 0; c <= b; c++) {
                    if (y[c][i][j] != null) {
                        through.setCoefficient(y[c][i][j], 1);
                    }
                }
            }
        }
    }

    /** Whether every increase is square and equal to its transpose (step 4). */
    private static boolean symmetric(double[][][] schedule) {
        for (double[][] increase : schedule) {
            for (int i = 0; i < increase.length; i++) {
                if (increase[i].length != increase.length) {
                    return false;
                }
                for (int j = 0; j < i; j++) {
                    if (increase[i][j] != increase[j][i]) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The first interval of each block: every interval before the span whose increase is not empty (step 1). */
    private static int[] blockStarts(double[][][] schedule, int span) {
        List<Integer> starts = new ArrayList<>();
        for (int t = 0; t < span; t++) {
            if (!empty(schedule[t])) {
                starts.add(t);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean empty(double[][] increase) {
        for (double[] row : increase) {
            for (double v : row) {
                if (v > EPSILON) {
                    return false;
                }
            }
        }
        return true;
    }
}
