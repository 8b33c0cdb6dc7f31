package weft.model.repro;

import weft.model.sim.SimConfig;

/**
 * The measured part of a run, {@code [fromPs, toPs)} in simulated picoseconds: what the observers of a reproduction
 * count (packets made, injected or delivered in it, channel time spent in it), after the warm-up and before the
 * end, as the papers measure a steady state (seed 002 §4.3.3, seed 004 §3.1.1).
 *
 * @param fromPs first instant in the window
 * @param toPs   first instant after it
 */
record MeasuredWindow(long fromPs, long toPs) {
    /** The window of a run of {@code config}: its measured duration after its warm-up. */
    static MeasuredWindow of(SimConfig config) {
        return new MeasuredWindow(config.warmupPs(), config.warmupPs() + config.durationPs());
    }

    /** Whether instant {@code ps} lies in the window. */
    boolean contains(long ps) {
        return ps >= fromPs && ps < toPs;
    }

    /** The window's length. */
    long lengthPs() {
        return toPs - fromPs;
    }
}
