package weft.model.rate;

/**
 * Seed 004 ch. 5's interval model of backlog scheduling on the Virtual Switch: sender i's uplink and receiver j's
 * downlink each carry one unit of backlog per interval; in every interval an allocator gives each non-empty VOQ
 * (i, j) a rate from what is left of its backlog (the request, as the distributed algorithm asks "backlog units per
 * scheduling interval"), the VOQ clears {@code min(rate, backlog)}, and the count ends when every VOQ is empty.
 * {@link MaxMin} takes up to twice the optimum; {@link BacklogProportional} is optimal for an initial backlog: it
 * clears it in the least possible {@code ⌈β(B)⌉} intervals, where β is the largest row or column sum (Eq. 5.15).
 *
 * <p>Seed 004 §5.2 (the backlog scheduling problem), §5.3.3-5.3.5 (BP optimal, max-min at most 2x), §5.6.2 (the
 * two-phase and f-flow patterns). Backlogs are in units of one interval's link capacity; rates are computed in
 * doubles, and a backlog within {@link #EPSILON} of zero counts as cleared. The matrix is senders x receivers, as the
 * thesis's (whose patterns put backlog on the diagonal: its rows and columns are the two sides of the switch).
 */
public final class BacklogClearing {
    /** Backlog below this is cleared (the doubles' rounding). */
    public static final double EPSILON = 1e-9;

    private BacklogClearing() {
    }

    /**
     * The maximum backlog degree β(B): the largest row sum (a server's send backlog) or column sum (receive).
     *
     * @throws IllegalArgumentException when the rows differ in length or an entry is negative or not a number
     */
    public static double beta(double[][] backlog) {
        int m = check(backlog);
        double beta = 0;
        double[] col = new double[m];
        for (double[] row : backlog) {
            double sum = 0;
            for (int j = 0; j < m; j++) {
                sum += row[j];
                col[j] += row[j];
            }
            beta = Math.max(beta, sum);
        }
        for (double c : col) {
            beta = Math.max(beta, c);
        }
        return beta;
    }

    /**
     * How many intervals the allocator takes to clear the backlog ({@code backlog[i][j]}: units from sender i to
     * receiver j; the matrix is not changed).
     *
     * @throws IllegalArgumentException as {@link #beta}
     * @throws IllegalStateException when an interval clears nothing (an allocator that grants no rate)
     */
    public static int intervals(double[][] backlog, RateAllocator allocator) {
        return intervals(new double[][][] {backlog}, allocator);
    }

    /**
     * How many intervals the allocator takes to clear a backlog schedule (§5.4: {@code schedule[t]} is the backlog
     * increase F^t, added at the start of interval t, Eq. 5.16), counting to the last interval that clears backlog;
     * the online algorithms see only the backlog present. Trailing empty increases do not count.
     *
     * @throws IllegalArgumentException when the schedule is empty, or an increase is not a matrix of the first's shape
     *                                  with entries as {@link #beta} accepts
     * @throws IllegalStateException    when an interval with backlog clears nothing
     */
    public static int intervals(double[][][] schedule, RateAllocator allocator) {
        int m = checkSchedule(schedule);
        int n = schedule[0].length;
        int span = span(schedule);
        double[][] left = new double[n][m];
        int count = 0;
        while (true) {
            for (int i = 0; count < schedule.length && i < n; i++) {
                for (int j = 0; j < m; j++) {
                    left[i][j] += schedule[count][i][j];
                }
            }
            RateProblem.Builder b = RateProblem.builder();
            for (int i = 0; i < n; i++) {
                b.link("up" + i, 1);
            }
            for (int j = 0; j < m; j++) {
                b.link("down" + j, 1);
            }
            int flows = 0;
            int[] src = new int[n * m];
            int[] dst = new int[n * m];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    if (left[i][j] > EPSILON) {
                        b.flow(i + ">" + j, 1, null, left[i][j], left[i][j], new int[] {i, n + j});
                        src[flows] = i;
                        dst[flows++] = j;
                    }
                }
            }
            if (flows == 0 && count >= span - 1) {
                return count;
            }
            double cleared = 0;
            if (flows > 0) {
                Allocation<Double> rates = allocator.allocate(b.build());
                for (int f = 0; f < flows; f++) {
                    double take = Math.min(rates.rate(f), left[src[f]][dst[f]]);
                    left[src[f]][dst[f]] -= take;
                    cleared += take;
                }
                if (cleared <= EPSILON) {
                    throw new IllegalStateException(allocator.name() + " cleared nothing in interval " + count);
                }
            }
            count++;
        }
    }

    /**
     * §5.6.3's stress test on n servers: n − 1 increases, F^t giving server t one unit for each server after it and
     * each of those one unit for server t; |F| = β(F⁺) = n − 1, and no server sends to itself.
     */
    public static double[][][] stressTest(int n) {
        if (n < 3) {
            throw new IllegalArgumentException("stress test: n must be >= 3, got " + n);
        }
        double[][][] f = new double[n - 1][n][n];
        for (int t = 0; t < n - 1; t++) {
            for (int j = t + 1; j < n; j++) {
                f[t][t][j] = 1;
                f[t][j][t] = 1;
            }
        }
        return f;
    }

    /** |F| without trailing empty increases: one more than the last interval at which backlog arrives, 0 if none. */
    static int span(double[][][] schedule) {
        for (int t = schedule.length - 1; t >= 0; t--) {
            for (double[] row : schedule[t]) {
                for (double v : row) {
                    if (v > EPSILON) {
                        return t + 1;
                    }
                }
            }
        }
        return 0;
    }

    /** F⁺: the sum of a schedule's increases. */
    public static double[][] total(double[][][] schedule) {
        int m = checkSchedule(schedule);
        double[][] sum = new double[schedule[0].length][m];
        for (double[][] increase : schedule) {
            for (int i = 0; i < sum.length; i++) {
                for (int j = 0; j < m; j++) {
                    sum[i][j] += increase[i][j];
                }
            }
        }
        return sum;
    }

    /** Checks every increase of a schedule; returns the number of receivers. */
    private static int checkSchedule(double[][][] schedule) {
        if (schedule.length == 0) {
            throw new IllegalArgumentException("backlog schedule: no increases");
        }
        int m = check(schedule[0]);
        for (int t = 1; t < schedule.length; t++) {
            int mt = check(schedule[t]);
            if (schedule[t].length != schedule[0].length || mt != m) {
                throw new IllegalArgumentException("backlog schedule: increase " + t + " is " + schedule[t].length
                        + " x " + mt + ", increase 0 is " + schedule[0].length + " x " + m);
            }
        }
        return m;
    }

    /**
     * §5.6.2's "two-phase" pattern on n senders: sender 0 has n − 1 units for each of 2 receivers, every other sender
     * one unit for each; β = 2(n − 1), max-min takes n + 2(n − 2) = 3n − 4 intervals (a phase of n intervals at 1/n,
     * then sender 0's n − 2 units per receiver at 1/2).
     */
    public static double[][] twoPhase(int n) {
        if (n < 3) {
            throw new IllegalArgumentException("two-phase pattern: n must be >= 3, got " + n);
        }
        return heavyRow(n, 2, n - 1);
    }

    /**
     * §5.6.2's f-flow pattern on n = f² senders: sender 0 has f + 1 units for each of f receivers, every other sender
     * one unit for each; β = f(f + 1), max-min takes 2f² intervals.
     */
    public static double[][] fFlow(int f) {
        if (f < 2) {
            throw new IllegalArgumentException("f-flow pattern: f must be >= 2, got " + f);
        }
        return heavyRow(f * f, f, f + 1);
    }

    private static double[][] heavyRow(int senders, int receivers, double heavy) {
        double[][] b = new double[senders][receivers];
        for (int i = 0; i < senders; i++) {
            java.util.Arrays.fill(b[i], i == 0 ? heavy : 1);
        }
        return b;
    }

    /** Checks the matrix; returns its number of receivers. */
    private static int check(double[][] backlog) {
        if (backlog.length == 0) {
            throw new IllegalArgumentException("backlog matrix: no senders");
        }
        int m = backlog[0].length;
        for (int i = 0; i < backlog.length; i++) {
            if (backlog[i].length != m) {
                throw new IllegalArgumentException("backlog matrix: row " + i + " has " + backlog[i].length
                        + " entries, row 0 has " + m);
            }
            for (int j = 0; j < m; j++) {
                if (!(backlog[i][j] >= 0) || Double.isInfinite(backlog[i][j])) {
                    throw new IllegalArgumentException("backlog matrix: entry (" + i + ", " + j + ") must be a "
                            + "number >= 0, got " + backlog[i][j]);
                }
            }
        }
        return m;
    }
}
