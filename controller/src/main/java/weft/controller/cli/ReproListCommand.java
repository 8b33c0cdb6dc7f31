package weft.controller.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import weft.model.repro.Reproductions;
import weft.model.repro.io.ReproText;

/** {@code weft repro list}: every reproduction's name, seed, title, claims with the paper's figures, parameters. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Every reproduction: name, seed, claims (paper's figure, tolerance) and parameters.")
public final class ReproListCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().getOut().print(ReproText.list(Reproductions.all()));
        spec.commandLine().getOut().flush();
    }
}
