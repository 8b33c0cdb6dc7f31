package weft.controller.cli;

import picocli.CommandLine.Option;

/** {@code --quick} and {@code --seed}, shared by {@code weft repro NAME} and {@code weft repro all}. */
final class ReproSizeOptions {
    @Option(names = "--quick", description = "the quick size (CI: seconds) instead of the paper's")
    boolean quick;

    @Option(names = "--seed", defaultValue = "1", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;
}
