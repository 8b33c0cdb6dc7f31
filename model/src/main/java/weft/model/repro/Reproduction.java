package weft.model.repro;

import java.util.List;

/**
 * One published experiment, re-run on Weft's own models: it declares the paper's claims and its parameters, and a
 * run measures Weft's figure for every claim. Pure and deterministic: the same options give the same result (all
 * randomness from {@link ReproOptions#seed()}, no clocks, threads or I/O); the CLI times it and writes the files.
 *
 * <p>Register an implementation with one line in {@link Reproductions}. Its claims' tolerances and quick bands,
 * setup and assumptions are documented in docs/reproductions.md.
 */
public interface Reproduction {
    /** Name on the command line, e.g. {@code "spreading"}. */
    String name();

    /** The seed paper, as {@code "000"} .. {@code "004"}. */
    String seed();

    /** One line: the paper's experiment, e.g. {@code "Seed 003 Fig. 1: congestion spreading, NC vs rates"}. */
    String title();

    /** The claims a run reports, in order. */
    List<Claim> claims();

    /** The knobs, with their paper and quick values. */
    List<Parameter> parameters();

    /**
     * Runs the experiment.
     *
     * @return a result with one {@link ClaimResult} per declared claim, in order
     * @throws IllegalArgumentException naming a parameter whose value the experiment cannot use
     */
    ReproResult run(ReproOptions options);
}
