package weft.controller.cli;

import java.io.PrintWriter;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command cannot do what was asked; carries the one-line message for stderr and the exit status.
 */
public final class CliFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Exit status for a missing, unreadable or invalid input file. */
    public static final int INPUT = 1;
    /** Exit status for a usage error (bad parameter value), as picocli's {@code ExitCode.USAGE}. */
    public static final int USAGE = 2;

    private final int exitCode;

    public CliFailure(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    /**
     * Runs {@code parse} on the value of {@code option}; the {@link IllegalArgumentException} with which it refuses
     * the value becomes a usage failure {@code "OPTION: message"}.
     */
    public static <T> T parsing(String option, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new CliFailure(option + ": " + e.getMessage(), USAGE);
        }
    }

    public int exitCode() {
        return exitCode;
    }

    /** Prints {@code "<command path>: <message>"} to the command's stderr and returns the exit status. */
    public int report(CommandSpec spec) {
        PrintWriter err = spec.commandLine().getErr();
        err.println(spec.qualifiedName() + ": " + getMessage());
        err.flush();
        return exitCode;
    }
}
