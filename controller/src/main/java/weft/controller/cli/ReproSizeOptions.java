package weft.controller.cli;

import picocli.CommandLine.Option;

/** {@code --quick}, {@code --seed} and {@code --jobs}, shared by {@code weft repro NAME} and {@code weft repro all}. */
final class ReproSizeOptions {
    @Option(names = "--quick", description = "the quick size (CI: seconds) instead of the paper's")
    boolean quick;

    @Option(names = "--seed", defaultValue = "1", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--jobs", paramLabel = "N", description = "run a reproduction's independent runs on up to N "
            + "threads (same results; default: the number of processors)")
    int jobs = Runtime.getRuntime().availableProcessors();
}
