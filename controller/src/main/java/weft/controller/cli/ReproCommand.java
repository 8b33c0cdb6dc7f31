package weft.controller.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import weft.model.repro.Reproductions;

/**
 * {@code weft repro}: the seeds' published results re-run on Weft, one subcommand per registered reproduction
 * ({@code weft repro NAME [--quick] [--json F] [--plot F.svg]}), plus {@code list} (every reproduction's seed, claims
 * and parameters) and {@code table} (the README's table from result files). The subcommands are made from the
 * registry, {@link Reproductions}, so a reproduction registered there is on the command line with no code here.
 */
@Command(name = "repro", mixinStandardHelpOptions = true,
        description = "Reproduce the seeds' published results: the paper's figure, Weft's and the difference.",
        modelTransformer = ReproCommand.Registry.class)
public final class ReproCommand extends CommandGroup {
    /** Adds {@code list}, {@code table} and one subcommand per registered reproduction. */
    static final class Registry implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            spec.addSubcommand("list", new CommandLine(new ReproListCommand()));
            spec.addSubcommand("table", new CommandLine(new ReproTableCommand()));
            for (String name : Reproductions.names()) {
                spec.addSubcommand(name, ReproRunCommand.commandLine(Reproductions.byName(name)));
            }
            return spec;
        }
    }
}
