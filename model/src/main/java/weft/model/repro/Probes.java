package weft.model.repro;

import java.util.Arrays;

import weft.model.admission.ProbeBased;

/**
 * The probes of the Probe-Based scheme in one run (seed 002 §5.3.2): how many each host sends, on which class, when,
 * and what became of each: its in-network transit time, refused at the sender by back-pressure (its lane had no
 * credit when its turn came), or not arrived by the end of the run. A host's probes are spread evenly over the
 * measured window; its k-th flow request owns probes {@code 6k..6k+5} ({@link ProbeBased#PROBES_PER_FLOW}).
 * Decisions: the thesis sends probes "on one of the low priority SLs with a weight equal to 1", Table 4.1's SL5;
 * it does not say how fast, so each host's probes take the window evenly.
 */
final class Probes {
    private static final long REFUSED = -1;
    private static final long MISSING = -2;
    private final int cls;
    private final long fromPs;
    private final long durationPs;
    private final long[][] transit;

    /**
     * @param perHost probes each host sends
     * @param cls     their class (service level)
     */
    Probes(int[] perHost, int cls, long fromPs, long durationPs) {
        this.cls = cls;
        this.fromPs = fromPs;
        this.durationPs = durationPs;
        transit = new long[perHost.length][];
        for (int h = 0; h < perHost.length; h++) {
            transit[h] = new long[perHost[h]];
            Arrays.fill(transit[h], MISSING);
        }
    }

    /** No probes. */
    static Probes none(int hosts) {
        return new Probes(new int[hosts], 0, 0, 1);
    }

    int cls() {
        return cls;
    }

    /** Probes host {@code h} sends. */
    int count(int h) {
        return transit[h].length;
    }

    /** When host {@code h}'s probe {@code i} is due. */
    long duePs(int h, int i) {
        return fromPs + (2L * i + 1) * durationPs / (2L * transit[h].length);
    }

    void refused(int h, int i) {
        transit[h][i] = REFUSED;
    }

    void arrived(int h, int i, long transitPs) {
        transit[h][i] = transitPs;
    }

    /**
     * What the receiver reports for host {@code h}'s {@code k}-th request: the transit times in cycles of its
     * probes that arrived and how many the sender refused.
     */
    ProbeBased.ProbeReport report(int h, int k, long jitterBoundCycles, long cyclePs) {
        int n = ProbeBased.PROBES_PER_FLOW;
        long[] arrived = new long[n];
        int got = 0;
        int refused = 0;
        for (int i = k * n; i < (k + 1) * n && i < transit[h].length; i++) {
            if (transit[h][i] == REFUSED) {
                refused++;
            } else if (transit[h][i] != MISSING) {
                arrived[got++] = transit[h][i] / cyclePs;
            }
        }
        return new ProbeBased.ProbeReport(Arrays.copyOf(arrived, got), refused, jitterBoundCycles);
    }

    /** What one probe carries: its sender's number for it. */
    record Tag(int index) {
    }
}
