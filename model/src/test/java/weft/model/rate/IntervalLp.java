package weft.model.rate;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

/**
 * The thesis's own LP for the backlog-schedule problem, interval by interval (seed 004 §5.4.3, 5.23-5.26 over l
 * intervals, without 5.27's costs): the independent check of {@link BacklogScheduleLp}'s block LP, whose rewriting
 * (intervals merged into blocks, the tail as one block) is what the property tests cross-check.
 */
final class IntervalLp {
    private IntervalLp() {
    }

    /** Whether some rate schedule of l intervals meets 5.23-5.26 for the schedule {@code f[t][i][j]}. */
    static boolean feasible(double[][][] f, int l) {
        int n = f[0].length;
        Loader.loadNativeLibraries();
        MPSolver solver = MPSolver.createSolver("GLOP");
        try {
            MPVariable[][][] x = new MPVariable[l][n][n];
            for (MPVariable[][] interval : x) {
                for (MPVariable[] row : interval) {
                    for (int j = 0; j < n; j++) {
                        row[j] = solver.makeNumVar(0, Double.POSITIVE_INFINITY, "");
                    }
                }
            }
            for (int t = 0; t < l; t++) {
                for (int i = 0; i < n; i++) {
                    MPConstraint send = solver.makeConstraint(0, 1);
                    MPConstraint receive = solver.makeConstraint(0, 1);
                    for (int j = 0; j < n; j++) {
                        send.setCoefficient(x[t][i][j], 1);
                        receive.setCoefficient(x[t][j][i], 1);
                    }
                }
            }
            int last = Math.max(l, f.length) - 1;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double arrived = 0;
                    for (int t = 0; t <= last; t++) {
                        arrived += t < f.length ? f[t][i][j] : 0;
                        // 5.25 through every interval; 5.26 through the last (arrivals after l cannot be sent)
                        MPConstraint through = solver.makeConstraint(t == last ? arrived : 0, arrived);
                        for (int s = 0; s <= Math.min(t, l - 1); s++) {
                            through.setCoefficient(x[s][i][j], 1);
                        }
                    }
                }
            }
            return solver.solve() == MPSolver.ResultStatus.OPTIMAL;
        } finally {
            solver.delete();
        }
    }
}
