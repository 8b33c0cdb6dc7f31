package weft.agent.cli;

import picocli.CommandLine.Option;

/**
 * The loopback port of the agent's local API ({@code --local-port}), declared once for {@code weft agent run}, which
 * serves it, and for {@code perf} and {@code stream}, which talk to it.
 */
final class LocalApiOption {
    @Option(names = "--local-port", defaultValue = "7471",
            description = "loopback TCP port of the agent's local API (default ${DEFAULT-VALUE})")
    int port;
}
