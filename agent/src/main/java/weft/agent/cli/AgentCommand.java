package weft.agent.cli;

import picocli.CommandLine.Command;

/** {@code weft agent}: the host agent and its measurement tool. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Host agent: VOQs, token buckets, Periodic Selection, path spraying, resequencing, tc mode.",
        subcommands = {AgentRunCommand.class, AgentPerfCommand.class, AgentStreamCommand.class,
            AgentClockCommand.class})
public final class AgentCommand implements Runnable {
    @picocli.CommandLine.Spec
    private picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Runs the agent command alone (used by lab tests that start agents in namespaces). */
    public static void main(String[] args) {
        System.exit(new picocli.CommandLine(new AgentCommand()).execute(args));
    }
}
