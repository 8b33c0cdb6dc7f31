package weft.lab;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * What the background controller of {@code weft lab up} serves besides OpenFlow (a picocli mixin): the agent
 * registry with an agent in every host namespace ({@code --agents}, {@code --agent-port}), online allocation
 * ({@code --allocate}) and the REST API ({@code --rest}), passed on to it as options of {@code weft controller run}.
 */
final class LabServices {
    @Option(names = "--agents", description = "also run the agent registry (generated token) and a host agent "
            + "in every host namespace, reaching it over a veth per host")
    boolean agents;

    @Option(names = "--agent-port", defaultValue = "6700", description = "agent registry TCP port (default: "
            + "${DEFAULT-VALUE})")
    int agentPort;

    @Option(names = "--allocate", description = "with --agents: the controller allocates the rates of the "
            + "flows agents report with this allocator (saa, saam, ffa, afa, maxmin, bp); default: rates by "
            + "hand only")
    String allocate;

    @Option(names = "--rest", paramLabel = "HOST:PORT", description = "the controller also serves its REST API, "
            + "/metrics and the web dashboard (read-only) on HOST:PORT")
    String rest;

    /**
     * Refuses what {@code up} cannot run: {@code --allocate} without agents, and agents or REST with a controller
     * in the foreground.
     *
     * @throws CommandLine.ParameterException naming the options
     */
    void check(CommandLine up, boolean foreground) {
        if (allocate != null && !agents) {
            throw new CommandLine.ParameterException(up, "--allocate needs --agents");
        }
        if (foreground && agents) {
            throw new CommandLine.ParameterException(up,
                    "--agents runs agents as background processes; it cannot be used with --foreground");
        }
        if (foreground && rest != null) {
            throw new CommandLine.ParameterException(up,
                    "--rest starts the background controller with a REST server; it cannot be used with "
                            + "--foreground");
        }
    }

    /**
     * The options of {@code weft controller run} that start these services; with agents, writes the lab's token.
     *
     * @throws IOException when the token file cannot be written
     */
    List<String> controllerArguments(String lab) throws IOException {
        List<String> args = new ArrayList<>();
        if (agents) {
            args.addAll(List.of("--agents-listen", "0.0.0.0:" + agentPort, "--agent-token-file",
                    LabAgents.newToken(lab).toString()));
            if (allocate != null) {
                args.addAll(List.of("--allocate", allocate));
            }
        }
        if (rest != null) {
            args.addAll(List.of("--rest", rest));
        }
        return args;
    }
}
