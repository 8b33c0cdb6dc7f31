package weft.controller.cli;

import io.netty.handler.ssl.ClientAuth;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.controller.agentlink.AgentToken;
import weft.controller.agentlink.RegistrationCheck;
import weft.controller.fabric.DeadlockVerification;
import weft.controller.fabric.WeftController;
import weft.controller.ha.HaOptions;
import weft.controller.ha.Member;
import weft.controller.metrics.WeftMetrics;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.PairRates;
import weft.controller.program.PairRatesException;
import weft.controller.program.RouteCompiler;
import weft.controller.rest.RestApi;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsFiles;
import weft.model.rate.RateAllocators;
import weft.model.topology.Topology;

/** {@code weft controller}: runs the OpenFlow 1.3 controller for a fabric. */
@Command(name = "controller", mixinStandardHelpOptions = true,
        description = "Run the Weft OpenFlow 1.3 controller.",
        subcommands = {ControllerCommand.Run.class, CommandLine.HelpCommand.class})
public final class ControllerCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Runs {@code weft controller ...} without the launcher (the lab starts its controller this way). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new ControllerCommand()).setExecutionExceptionHandler((e, cl, parsed) -> {
            cl.getErr().println("weft controller: " + e.getMessage());
            return 1;
        }).execute(args));
    }

    /**
     * Parses the HOST:PORT value of an option: a host name or address (IPv6 in brackets) and a port in 0..65535.
     *
     * @throws CliFailure (usage) naming the option and the value
     */
    public static InetSocketAddress address(String option, String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new CliFailure(option + " must be HOST:PORT, got " + hostPort, CliFailure.USAGE);
        }
        String host = hostPort.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new CliFailure(option + " must be HOST:PORT with a numeric port, got " + hostPort,
                    CliFailure.USAGE);
        }
        if (port < 0 || port > 65535) {
            throw new CliFailure(option + " " + hostPort + ": port " + port + " is outside 0..65535",
                    CliFailure.USAGE);
        }
        InetSocketAddress a = new InetSocketAddress(host, port);
        if (a.isUnresolved()) {
            throw new CliFailure(option + " " + hostPort + ": unknown host " + host, CliFailure.USAGE);
        }
        return a;
    }

    /** {@code weft controller run}. */
    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "Route the fabric, program its switches as they connect, keep them right on faults. "
                    + "Runs until interrupted.")
    static final class Run implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--config", description = "weft-controller/1 file (YAML or JSON) holding any of these "
                + "options by name without the dashes; options on the command line win")
        File config;

        @Option(names = "--check", description = "check the options, the configuration file and every file they "
                + "name (topology, rates, TLS, tokens), print what would run, and exit without listening")
        boolean check;

        @Option(names = "--topo", description = "weft-topology/1 file (dpids as the switches report them); "
                + "exactly one of --topo and --discover")
        File topo;

        @Option(names = "--discover", description = "no topology file: route the fabric as discovered (switches "
                + "from FEATURES/port-desc, links by LLDP, hosts by first packets and agent registration)")
        boolean discover;

        @Option(names = "--settle", defaultValue = "2s", description = "with --discover: discovery must be "
                + "unchanged this long before the first routes (e.g. 2s, 500ms; default: ${DEFAULT-VALUE})")
        String settle;

        @Option(names = "--names", description = "with --discover: weft-topology/1 file used only to name "
                + "switches (by dpid) and hosts (by MAC)")
        File names;

        @Mixin
        RoutingOptionsMixin routing;

        @Option(names = "--listen", defaultValue = "127.0.0.1:6653", description = "OpenFlow listen address "
                + "(default: ${DEFAULT-VALUE})")
        String listen;

        @Option(names = "--tls-cert", description = "PEM certificate chain: listen with TLS")
        File tlsCert;

        @Option(names = "--tls-key", description = "PKCS#8 PEM private key for --tls-cert")
        File tlsKey;

        @Option(names = "--tls-ca", description = "PEM CA bundle: every switch must present a certificate it "
                + "signed (mutual TLS; OVS: ovs-vsctl set-ssl KEY CERT CACERT)")
        File tlsCa;

        @Option(names = "--table-miss", description = "send unmatched packets to the controller (host discovery)")
        boolean tableMiss;

        @Option(names = "--allow-deadlock", description = "program routes whose only flaw is a channel "
                + "dependency cycle")
        boolean allowDeadlock;

        @Option(names = "--rates", description = "weft-pair-rates/1 file (with --topo): per (source host, "
                + "destination host) rates, enforced by OpenFlow meters at the source's switch (see docs/openflow.md)")
        File rates;

        @CommandLine.Mixin
        RestOptions restOptions = new RestOptions();

        @CommandLine.Mixin
        ReserveOptions reserve = new ReserveOptions();

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

        /** The environment the agent token may come from (tests set their own). */
        Map<String, String> env = System.getenv();

        @Option(names = "--agent-tls-cert", description = "PEM certificate chain: agents connect with TLS")
        File agentTlsCert;

        @Option(names = "--agent-tls-key", description = "PKCS#8 PEM private key for --agent-tls-cert")
        File agentTlsKey;

        @Option(names = "--agent-tls-ca", description = "PEM CA bundle: every agent must present a certificate it "
                + "signed (mutual TLS; needs --agent-tls-cert)")
        File agentTlsCa;

        @Option(names = "--allocate", description = "compute the rates of the flows agents report with this "
                + "allocator (one of saa, saam, ffa, afa, maxmin, bp); default: off, rates only from weft rates set, "
                + "which wins for its pair either way")
        String allocate;

        @Option(names = "--ha", description = "run as one controller of a cluster coordinated by ZooKeeper: "
                + "zk://HOST:PORT[,HOST:PORT...]/PATH (every controller of the fabric names the same PATH); one is "
                + "master, the others standbys (see docs/failover.md)")
        String ha;

        @Option(names = "--node-id", description = "with --ha: this controller's id, unique in the cluster")
        String nodeId;

        @Option(names = "--ha-session-timeout", defaultValue = "4s", description = "with --ha: ZooKeeper session "
                + "timeout, how long a dead master keeps the leadership (default: ${DEFAULT-VALUE}; the server "
                + "bounds it to 2-20 ticks)")
        String haSessionTimeout;

        @Override
        public Integer call() throws InterruptedException {
            Topology t;
            Duration settleTime;
            WeftController.Agents agents;
            HaOptions haOptions;
            RestApi.Config restConfig;
            try {
                if (config != null) {
                    ControllerConfigFile.apply(config.toPath(), spec, List.of("--config", "--check"));
                }
                if ((topo == null) == !discover) {
                    throw new CliFailure("exactly one of --topo FILE and --discover is required"
                            + (discover ? ", got both" : ", got neither"), CliFailure.USAGE);
                }
                if (discover && rates != null) {
                    throw new CliFailure("--rates " + rates + " names hosts of a configured fabric; it needs --topo "
                            + "(in discover mode set rates with PUT /api/rates once the hosts are known)",
                            CliFailure.USAGE);
                }
                if (!discover && names != null) {
                    throw new CliFailure("--names " + names + " names a discovered fabric; it needs --discover "
                            + "(with --topo the file names everything)", CliFailure.USAGE);
                }
                settleTime = Durations.parse("--settle", settle);
                t = discover ? names == null ? new Topology("", List.of(), List.of(), List.of())
                        : TopologyFiles.read(names.toPath()) : TopologyFiles.read(topo.toPath());
                routing.chain();
                routing.options();
                address("--listen", listen);
                if (tlsCa != null && tlsCert == null) {
                    throw new CliFailure("--tls-ca needs --tls-cert and --tls-key (switch certificates are asked "
                            + "for over TLS)", CliFailure.USAGE);
                }
                agents = agents();
                haOptions = haOptions();
                restConfig = restOptions.config(spec);
            } catch (CliFailure f) {
                return f.report(spec);
            } catch (IllegalArgumentException e) {
                return new CliFailure(e.getMessage(), CliFailure.USAGE).report(spec);
            }
            PairRates pairRates = PairRates.none();
            if (rates != null) {
                try {
                    pairRates = PairRates.parse(rates.getPath(), Files.readString(rates.toPath()), t);
                } catch (IOException e) {
                    return new CliFailure("--rates " + rates + ": cannot read: " + e.getMessage(),
                            CliFailure.INPUT).report(spec);
                } catch (PairRatesException e) {
                    return new CliFailure(e.getMessage(), CliFailure.INPUT).report(spec);
                }
            }
            if (check) {
                try {
                    if (tlsCert != null || tlsKey != null) {
                        TlsContexts.server(TlsFiles.server("--tls", path(tlsCert), path(tlsKey), path(tlsCa)),
                                ClientAuth.REQUIRE);
                    }
                    if (agentTlsCert != null) {
                        TlsContexts.server(TlsFiles.server("--agent-tls", path(agentTlsCert), path(agentTlsKey),
                                path(agentTlsCa)), ClientAuth.REQUIRE);
                    }
                } catch (IllegalArgumentException e) {
                    return new CliFailure(e.getMessage(), CliFailure.INPUT).report(spec);
                }
                spec.commandLine().getOut().printf("weft controller: configuration OK (%s, engine %s%s%s)%n",
                        discover ? "discover mode" : t.name() + ", " + t.switches().size() + " switches",
                        routing.engine(),
                        restConfig == null ? "" : ", REST on " + restOptions.rest, agents == null ? ""
                                : ", agents on " + agentsListen);
                spec.commandLine().getOut().flush();
                return 0;
            }
            WeftMetrics metrics = new WeftMetrics();
            WeftController c = start(t, settleTime, pairRates, agents, metrics, haOptions);
            if (c == null) {
                metrics.close();
                return CliFailure.INPUT;
            }
            metrics.bind(c.fabric());
            if (c.cluster() != null) {
                weft.controller.ha.ClusterMetrics.bind(metrics.registry(), c.cluster());
            }
            if (c.agents() != null) {
                metrics.agents(c.agents());
            }
            if (discover) {
                System.out.printf("weft controller: discovering (settle %d ms%s), engine %s, listening on %s:%d%s%n",
                        settleTime.toMillis(), names == null ? "" : ", names from " + names, routing.engine(),
                        address("--listen", listen).getHostString(), c.port(), tlsCert == null ? "" : " (TLS)");
            } else {
                System.out.printf("weft controller: %s, engine %s, %d switches, listening on %s:%d%s%s%n", t.name(),
                        routing.engine(), t.switches().size(), address("--listen", listen).getHostString(), c.port(),
                        tlsCert == null ? "" : " (TLS)",
                        pairRates.rates().isEmpty() ? "" : ", " + pairRates.rates().size() + " rated pairs");
            }
            if (c.cluster() != null) {
                weft.controller.ha.ClusterView v = c.cluster().view();
                System.out.printf("cluster %s: node %s, %s at epoch %d, master %s%n", ha, nodeId, v.role(), v.epoch(),
                        v.master() == null ? "not known yet" : v.master().id());
            }
            if (c.agents() != null) {
                System.out.printf("agent registry listening on %s:%d%s, rates %s%n", agents.listen().getHostString(),
                        c.agents().port(), agentTlsCert == null ? "" : " (TLS)",
                        allocate == null ? "by hand (weft rates set)" : "allocated by " + allocate
                                + " for the flows agents report; weft rates set wins for its pair");
                if (agents.reserveOrNull() != null) {
                    var r = agents.reserveOrNull();
                    System.out.printf("reservations (CRP) for the critical resources: %d slots of %d us, %d ahead; "
                            + "SNTP %s%n", r.cells(), r.slotNanos() / 1000, r.leadSlots(), r.sntpPort() == null
                            ? "not served" : "on udp port " + r.sntpPort());
                }
            }
            RestApi api = null;
            if (restConfig != null) {
                try {
                    api = RestApi.start(restConfig, c.fabric(), c.agents(), metrics, c.cluster());
                } catch (IllegalArgumentException e) {
                    c.close();
                    return new CliFailure("--rest " + restOptions.rest + ": " + e.getMessage(), CliFailure.INPUT)
                            .report(spec);
                }
                System.out.printf("REST API on %s://%s:%d/api/ (%s)%n", restConfig.sslOrNull() == null ? "http"
                        : "https", restConfig.address().getHostString(), api.port(),
                        restConfig.auth().writesEnabled() ? (restConfig.auth().readsNeedAuth()
                                ? "every request authenticated" : "writes authenticated")
                                : "read-only: no --rest-token-file, " + weft.controller.rest.RestAuth.TOKEN_ENV
                                        + " or --rest-tls-ca");
            }
            RestApi served = api;
            CountDownLatch stop = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                if (served != null) {
                    served.close();
                }
                c.close();
                stop.countDown();
            }, "weft-shutdown"));
            stop.await();
            return 0;
        }

        static java.nio.file.Path path(File f) {
            return f == null ? null : f.toPath();
        }

        /** The agent registry options, or null without {@code --agents-listen}. */
        private WeftController.Agents agents() {
            if (agentsListen == null) {
                if (agentTokenFile != null || allocate != null || agentTlsCert != null || agentTlsCa != null
                        || !agentSubnets.isEmpty() || reserve.options(0) != null) {
                    throw new CliFailure("--agent-token-file, --agent-tls-cert, --agent-tls-ca, --agent-subnet, "
                            + "--allocate and --reserve need --agents-listen HOST:PORT", CliFailure.USAGE);
                }
                return null;
            }
            String token = AgentTokenSource.read("--agent-token-file", agentTokenFile, env,
                    spec.commandLine().getErr());
            try {
                AgentToken.of(token, agentTokenFile == null ? AgentTokenSource.ENV
                        : "--agent-token-file " + agentTokenFile);
                RegistrationCheck.syntax(agentSubnets, RegistrationCheck.SYNTAX);
            } catch (IllegalArgumentException e) {
                throw new CliFailure(e.getMessage(), CliFailure.INPUT);
            }
            if ((agentTlsCert == null) != (agentTlsKey == null)) {
                throw new CliFailure("--agent-tls-cert and --agent-tls-key go together", CliFailure.USAGE);
            }
            if (agentTlsCa != null && agentTlsCert == null) {
                throw new CliFailure("--agent-tls-ca needs --agent-tls-cert and --agent-tls-key", CliFailure.USAGE);
            }
            InetSocketAddress listenAt = address("--agents-listen", agentsListen);
            return new WeftController.Agents(listenAt, token, agentTlsCert, agentTlsKey,
                    allocate == null ? null : RateAllocators.byName(allocate), agentSubnets, agentTlsCa,
                    reserve.options(listenAt.getPort()));
        }

        /** The cluster options, or null without {@code --ha}. */
        private HaOptions haOptions() {
            if (ha == null) {
                if (nodeId != null) {
                    throw new CliFailure("--node-id needs --ha zk://HOST:PORT/PATH", CliFailure.USAGE);
                }
                return null;
            }
            if (nodeId == null) {
                throw new CliFailure("--ha needs --node-id ID (unique in the cluster)", CliFailure.USAGE);
            }
            return HaOptions.parse(ha, nodeId, Durations.parse("--ha-session-timeout", haSessionTimeout),
                    new Member(nodeId, listen, agentsListen, restOptions.rest));
        }

        /** Starts the controller, or reports why it cannot (unroutable fabric, port in use) and returns null. */
        private WeftController start(Topology t, Duration settleTime, PairRates pairRates,
                                     WeftController.Agents agents, WeftMetrics metrics, HaOptions haOrNull) {
            try {
                WeftController.Config config = new WeftController.Config(t, routing.chain(), routing.options(),
                        new RouteCompiler.Options(true, tableMiss), new DeadlockVerification(allowDeadlock),
                        address("--listen", listen),
                        tlsCert == null && tlsKey == null ? null
                                : TlsFiles.server("--tls", path(tlsCert), path(tlsKey), path(tlsCa)),
                        SessionConfig.defaults());
                if (haOrNull != null) {
                    return discover ? WeftController.startDiscovering(config, settleTime, agents, metrics, haOrNull)
                            : WeftController.start(config, pairRates, agents, metrics, haOrNull);
                }
                return discover ? WeftController.startDiscovering(config, settleTime, agents, metrics)
                        : WeftController.start(config, pairRates, agents, metrics);
            } catch (RuntimeException e) {
                // the OpenFlow or agent port in use, an unroutable fabric: one line naming what failed
                new CliFailure(e.getMessage(), CliFailure.INPUT).report(spec);
                return null;
            }
        }
    }
}
