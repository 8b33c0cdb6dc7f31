package weft.model.repro;

import java.util.List;

/**
 * One published experiment, re-run on Weft's own models: it declares the paper's claims and its parameters, and a
 * run measures Weft's figure for every claim. Pure and deterministic: the same options give the same result (all
 * randomness from {@link ReproOptions#seed()}, no clocks, threads or I/O); the CLI times it and writes the files.
 *
 * <p>Declare one with a line in {@link Reproductions}: the experiment's class holds its claims, its parameters and
 * the {@link Experiment} that runs it. Its claims' tolerances and quick bands, setup and assumptions are documented
 * in docs/reproductions.md.
 *
 * @param name       name on the command line, e.g. {@code "spreading"}
 * @param seed       the seed paper, as {@code "000"} .. {@code "004"}
 * @param title      one line: the paper's experiment, e.g. {@code "Seed 003 Fig. 1: congestion spreading, NC vs
 *                   rates"}
 * @param claims     the claims a run reports, in order
 * @param parameters the knobs, with their paper and quick values
 * @param experiment what a run does
 */
public record Reproduction(String name, String seed, String title, List<Claim> claims, List<Parameter> parameters,
                           Experiment experiment) {
    public Reproduction {
        claims = List.copyOf(claims);
        parameters = List.copyOf(parameters);
    }

    /**
     * Runs the experiment.
     *
     * @return a result with one {@link ClaimResult} per declared claim, in order
     * @throws IllegalArgumentException naming a parameter whose value the experiment cannot use
     */
    public ReproResult run(ReproOptions options) {
        return experiment.run(this, options);
    }

    /** The measurement behind a reproduction. */
    @FunctionalInterface
    public interface Experiment {
        /**
         * Runs {@code reproduction}'s experiment with {@code options}.
         *
         * @return {@link ReproResult#of} the reproduction, with one result per declared claim
         */
        ReproResult run(Reproduction reproduction, ReproOptions options);
    }
}
