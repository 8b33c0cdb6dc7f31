package weft.controller.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that only groups subcommands ({@code weft}, {@code weft topo}, ...): run alone, it prints its usage. */
public abstract class CommandGroup implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public final void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
