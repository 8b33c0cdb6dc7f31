package weft.controller.cli;

import java.util.Map;

import picocli.CommandLine.Option;
import weft.model.repro.ReproOptions;
import weft.model.repro.Reproduction;

/**
 * {@code --quick}, {@code --seed} and {@code --threads}, shared by {@code weft repro NAME} and {@code weft repro all}.
 */
final class ReproSizeOptions {
    @Option(names = "--quick", description = "the quick size (CI: seconds) instead of the paper's")
    boolean quick;

    @Option(names = "--seed", defaultValue = "1", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--threads", defaultValue = "0", paramLabel = "N",
            description = "independent simulations run at once (0 = one per processor, default; the figures do not "
                    + "depend on it)")
    int threads;

    /** The settings of {@code repro} at this size and seed with {@code overrides}, run on {@code --threads}. */
    ReproOptions options(Reproduction repro, Map<String, String> overrides) {
        if (threads < 0) {
            throw new IllegalArgumentException("--threads must be at least 0, got " + threads);
        }
        return ReproOptions.of(repro, quick, seed, overrides).withRunner(ParallelTasks.of(threads));
    }
}
