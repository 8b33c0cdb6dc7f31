package weft.controller.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code weft repro}: reproductions of the seeds' published results, each printing a table. */
@Command(name = "repro", mixinStandardHelpOptions = true,
        description = "Reproduce a published result of the seeds and print a table.",
        subcommands = {ReproContentionCommand.class, ReproFluidCommand.class})
public final class ReproCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
