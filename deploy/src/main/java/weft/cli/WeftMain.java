package weft.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import weft.controller.cli.CommandGroup;

/**
 * The {@code weft} command: one picocli root whose subcommands live next to what they drive (topology and
 * routing in the controller module, the agent in the agent module); the lab and the bench commands, which drive
 * all of them, live here.
 */
@Command(name = "weft", mixinStandardHelpOptions = true, version = "weft 0.1.0",
        description = "Deadlock-free routing, explicit rates and host shaping for lossless cluster fabrics.",
        subcommands = {
            CommandLine.HelpCommand.class,
            weft.controller.cli.TopoCommand.class,
            weft.controller.cli.RouteCommand.class,
            weft.controller.cli.SimCommand.class,
            weft.controller.cli.ReproCommand.class,
            weft.controller.cli.ControllerCommand.class,
            weft.lab.LabCommand.class,
            weft.agent.cli.AgentCommand.class,
            weft.controller.cli.RatesCommand.class,
            weft.cli.bench.BenchCommand.class,
        })
public final class WeftMain extends CommandGroup {
    /**
     * Runs the command. A failure no command turned into its own message and exit status (a bug, or something the
     * environment did) is one line on stderr and exit status 1; {@code WEFT_DEBUG=1} adds the stack trace.
     */
    public static void main(String[] args) {
        System.exit(new CommandLine(new WeftMain()).setExecutionExceptionHandler((e, cl, parsed) -> {
            cl.getErr().println(cl.getCommandSpec().qualifiedName() + ": " + e);
            if ("1".equals(System.getenv("WEFT_DEBUG"))) {
                e.printStackTrace(cl.getErr());
            } else {
                cl.getErr().println("(set WEFT_DEBUG=1 for the stack trace)");
            }
            return 1;
        }).execute(args));
    }
}
