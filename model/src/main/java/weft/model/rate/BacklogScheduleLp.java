package weft.model.rate;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.linear.LinearConstraint;
import org.apache.commons.math3.optim.linear.LinearConstraintSet;
import org.apache.commons.math3.optim.linear.LinearObjectiveFunction;
import org.apache.commons.math3.optim.linear.NoFeasibleSolutionException;
import org.apache.commons.math3.optim.linear.NonNegativeConstraint;
import org.apache.commons.math3.optim.linear.Relationship;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;

/**
 * Seed 004 §5.4.3: the offline optimum of the deterministic backlog-schedule problem, the least number of intervals
 * l of a rate schedule that clears a backlog schedule F, by its linear program. One variable x_{i,j,t} per VOQ and
 * interval t < l in which it has backlog in the schedule (the thesis omits those with f_{i,j}^{0,t} = 0); send and
 * receive constraints, one unit per server and interval (5.23, 5.24); backlog present, the rate through t at most
 * the backlog arrived through t (5.25, written only where it is less than the VOQ's total, where 5.26 and x >= 0
 * already imply it); backlog cleared (5.26). Units as {@link BacklogClearing}'s.
 *
 * <p>Decision: the thesis finds the least l with one LP over l = |F| + β(F⁺) intervals whose costs grow as
 * (f⁺₊₊)^t (5.27); costs spanning that many orders of magnitude beside unit coefficients are beyond a double-precision
 * simplex, so Weft solves the constraints alone (a feasibility LP, commons-math's dense {@link SimplexSolver}) for l
 * from the lower bound max(|F|, ⌈β(F⁺)⌉) (5.19, 5.20; |F| without trailing empty increases) upward: the first
 * feasible l is the same optimum, and the upper bound |F| + ⌈β(F⁺)⌉ (5.21) is always feasible.
 */
public final class BacklogScheduleLp {
    /** Slack for the doubles' rounding in the solver's comparisons. */
    private static final double EPSILON = 1e-9;

    private BacklogScheduleLp() {
    }

    /**
     * The least number of intervals that clears the schedule ({@code schedule[t][i][j]}: units from sender i to
     * receiver j arriving at the start of interval t).
     *
     * @throws IllegalArgumentException as {@link BacklogClearing#intervals(double[][][], RateAllocator)}
     */
    public static int leastIntervals(double[][][] schedule) {
        double beta = BacklogClearing.beta(BacklogClearing.total(schedule));
        int span = BacklogClearing.span(schedule);
        int lower = Math.max(span, (int) Math.ceil(beta - EPSILON));
        int upper = span + (int) Math.ceil(beta - EPSILON);
        for (int l = lower; l < upper; l++) {
            if (rates(schedule, l) != null) {
                return l;
            }
        }
        return upper;
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
        double[][] total = BacklogClearing.total(schedule);
        int n = total.length;
        int m = total[0].length;
        // arrived[t][i][j]: f_{i,j}^{0,t}, the backlog arrived through interval t
        double[][][] arrived = new double[l][n][m];
        for (int t = 0; t < l; t++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    arrived[t][i][j] = (t > 0 ? arrived[t - 1][i][j] : 0) + (t < schedule.length
                            ? schedule[t][i][j] : 0);
                }
            }
        }
        int[][][] var = new int[l][n][m];
        int vars = 0;
        for (int t = 0; t < l; t++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    var[t][i][j] = arrived[t][i][j] > EPSILON ? vars++ : -1;
                }
            }
        }
        List<LinearConstraint> constraints = new ArrayList<>();
        for (int t = 0; t < l; t++) {
            for (int i = 0; i < n; i++) {
                double[] send = new double[vars];
                for (int j = 0; j < m; j++) {
                    set(send, var[t][i][j]);
                }
                constraints.add(new LinearConstraint(send, Relationship.LEQ, 1));
            }
            for (int j = 0; j < m; j++) {
                double[] receive = new double[vars];
                for (int i = 0; i < n; i++) {
                    set(receive, var[t][i][j]);
                }
                constraints.add(new LinearConstraint(receive, Relationship.LEQ, 1));
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                if (total[i][j] <= EPSILON) {
                    continue;
                }
                double[] through = new double[vars];
                for (int t = 0; t < l; t++) {
                    set(through, var[t][i][j]);
                    if (arrived[t][i][j] < total[i][j] - EPSILON) {
                        constraints.add(new LinearConstraint(through.clone(), Relationship.LEQ, arrived[t][i][j]));
                    }
                }
                constraints.add(new LinearConstraint(through, Relationship.EQ, total[i][j]));
            }
        }
        PointValuePair solution;
        try {
            solution = new SimplexSolver().optimize(new MaxIter(1_000_000), new LinearObjectiveFunction(
                    new double[vars], 0), new LinearConstraintSet(constraints), GoalType.MINIMIZE,
                    new NonNegativeConstraint(true));
        } catch (NoFeasibleSolutionException e) {
            return null;
        }
        double[] x = solution.getPoint();
        double[][][] r = new double[l][n][m];
        for (int t = 0; t < l; t++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    r[t][i][j] = var[t][i][j] < 0 ? 0 : x[var[t][i][j]];
                }
            }
        }
        return r;
    }

    private static void set(double[] row, int v) {
        if (v >= 0) {
            row[v] = 1;
        }
    }
}
