package weft.controller.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that says what it cannot do by throwing a {@link CliFailure}: {@link #call} runs {@link #run} and turns
 * the failure into its one line on stderr and its exit status, in this one place for every such command.
 */
public abstract class CliCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public final Integer call() {
        try {
            return run();
        } catch (CliFailure f) {
            return f.report(spec);
        }
    }

    /**
     * The command's work.
     *
     * @return the exit status
     * @throws CliFailure naming the input or option and the problem, with its exit status
     */
    protected abstract int run();

    /** The command as picocli built it: its name, options and output streams. */
    protected final CommandSpec spec() {
        return spec;
    }
}
