package weft.controller.cli;

import java.io.File;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.controller.agentlink.AgentToken;
import weft.controller.agentlink.RegistrationCheck;
import weft.controller.fabric.WeftController;
import weft.model.rate.RateAllocators;

/**
 * The agent registry options of {@code weft controller run} (a picocli mixin; the command declares the TLS
 * options): where the embedded registry listens, the agents' token, subnets and TLS, the online allocator and the
 * reservations ({@link ReserveOptions}). {@link #agents} checks them all before anything listens.
 */
final class AgentRegistryOptions {
    @Option(names = "--agents-listen", description = "embed the agent registry: agents register and weft "
            + "rates set talks to it on HOST:PORT")
    String agentsListen;

    @Option(names = "--agent-token-file", description = "file holding the shared token of agents and weft "
            + "rates set, at least 16 random characters (default: the environment variable "
            + AgentTokenSource.ENV + "; never on the command line, where ps shows it)")
    File agentTokenFile;

    @Option(names = "--agent-subnet", description = "CIDR subnet agents' data addresses must lie in, e.g. "
            + "10.0.0.0/8 (repeatable; default: any)")
    List<String> agentSubnets = List.of();

    /** {@code --agent-tls-cert}, {@code --agent-tls-key}, {@code --agent-tls-ca} (the command declares them). */
    final TlsOptions tls = new TlsOptions("--agent-tls", "PEM certificate chain: agents connect with TLS",
            "PEM CA bundle: every agent must present a certificate it signed (mutual TLS; needs --agent-tls-cert)");

    @Option(names = "--allocate", description = "compute the rates of the flows agents report with this "
            + "allocator (one of saa, saam, ffa, afa, maxmin, bp); default: off, rates only from weft rates set, "
            + "which wins for its pair either way")
    String allocate;

    @Mixin
    ReserveOptions reserve = new ReserveOptions();

    /**
     * The agent registry's settings, or null without {@code --agents-listen}.
     *
     * @param env the environment the token may come from
     * @param err where a warning about the token file goes
     * @throws CliFailure naming the option and the problem
     */
    WeftController.Agents agents(Map<String, String> env, PrintWriter err) {
        if (agentsListen == null) {
            if (agentTokenFile != null || allocate != null || tls.cert() != null || tls.ca() != null
                    || !agentSubnets.isEmpty() || reserve.options(0) != null) {
                throw new CliFailure("--agent-token-file, --agent-tls-cert, --agent-tls-ca, --agent-subnet, "
                        + "--allocate and --reserve need --agents-listen HOST:PORT", CliFailure.USAGE);
            }
            return null;
        }
        String token = AgentTokenSource.read("--agent-token-file", agentTokenFile, env, err);
        try {
            AgentToken.of(token, agentTokenFile == null ? AgentTokenSource.ENV
                    : "--agent-token-file " + agentTokenFile);
            RegistrationCheck.syntax(agentSubnets, RegistrationCheck.SYNTAX);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
        if ((tls.cert() == null) != (tls.key() == null)) {
            throw new CliFailure("--agent-tls-cert and --agent-tls-key go together", CliFailure.USAGE);
        }
        tls.requireCertForCa(null);
        InetSocketAddress listenAt = HostPort.parse("--agents-listen", agentsListen);
        return new WeftController.Agents(listenAt, token, tls.cert(), tls.key(),
                allocate == null ? null : RateAllocators.byName(allocate), agentSubnets, tls.ca(),
                reserve.options(listenAt.getPort()));
    }
}
