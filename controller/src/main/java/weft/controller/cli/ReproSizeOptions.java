package weft.controller.cli;

import picocli.CommandLine.Option;

/**
 * {@code --quick}, {@code --seed} and {@code --threads}, shared by {@code weft repro NAME} and {@code weft repro all}.
 */
final class ReproSizeOptions {
    @Option(names = "--quick", description = "the quick size (CI: seconds) instead of the paper's")
    boolean quick;

    @Option(names = "--seed", defaultValue = "1", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--threads", paramLabel = "N", description = "run a reproduction's independent simulations on N "
            + "threads; the result does not depend on N (default: the machine's cores, ${DEFAULT-VALUE})")
    int threads = Runtime.getRuntime().availableProcessors();
}
