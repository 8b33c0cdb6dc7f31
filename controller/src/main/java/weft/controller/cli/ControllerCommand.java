package weft.controller.cli;

import io.netty.handler.ssl.ClientAuth;
import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.controller.fabric.WeftController;
import weft.controller.ha.HaOptions;
import weft.controller.metrics.WeftMetrics;
import weft.controller.program.PairRates;
import weft.controller.program.RouteCompiler;
import weft.controller.rest.RestApi;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsFiles;
import weft.model.topology.Topology;

/** {@code weft controller}: runs the OpenFlow 1.3 controller for a fabric. */
@Command(name = "controller", mixinStandardHelpOptions = true,
        description = "Run the Weft OpenFlow 1.3 controller.",
        subcommands = {ControllerCommand.Run.class, CommandLine.HelpCommand.class})
public final class ControllerCommand extends CommandGroup {
    /** Runs {@code weft controller ...} without the launcher (the lab starts its controller this way). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new ControllerCommand()).setExecutionExceptionHandler((e, cl, parsed) -> {
            cl.getErr().println("weft controller: " + e.getMessage());
            return 1;
        }).execute(args));
    }

    /** {@code weft controller run}. */
    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "Route the fabric, program its switches as they connect, keep them right on faults. "
                    + "Runs until interrupted.",
            modelTransformer = TlsOptions.Declare.class)
    static final class Run implements Callable<Integer>, TlsOptions.Endpoints {
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

        @Option(names = "--names", description = "with --discover: weft-topology/1 file used only to name "
                + "switches (by dpid) and hosts (by MAC)")
        File names;

        @Mixin
        FabricOptions fabric = new FabricOptions();

        @Option(names = "--listen", defaultValue = "127.0.0.1:6653", description = "OpenFlow listen address "
                + "(default: ${DEFAULT-VALUE})")
        String listen;

        /** {@code --tls-cert}, {@code --tls-key}, {@code --tls-ca}: the OpenFlow listener's TLS. */
        final TlsOptions tls = new TlsOptions("--tls", "PEM certificate chain: listen with TLS", "PEM CA bundle: "
                + "every switch must present a certificate it signed (mutual TLS; OVS: ovs-vsctl set-ssl KEY CERT "
                + "CACERT)");

        @Option(names = "--table-miss", description = "send unmatched packets to the controller (host discovery)")
        boolean tableMiss;

        @CommandLine.Mixin
        RestOptions restOptions = new RestOptions();

        @Mixin
        AgentRegistryOptions registry = new AgentRegistryOptions();

        /** The environment the agent token may come from (tests set their own). */
        Map<String, String> env = System.getenv();

        @Mixin
        ClusterOptions cluster = new ClusterOptions();

        @Override
        public List<TlsOptions> tlsEndpoints() {
            return List.of(tls, registry.tls, restOptions.tls);
        }

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
                boolean discover = fabric.discover();
                if ((topo == null) == !discover) {
                    throw new CliFailure("exactly one of --topo FILE and --discover is required"
                            + (discover ? ", got both" : ", got neither"), CliFailure.USAGE);
                }
                fabric.check();
                if (!discover && names != null) {
                    throw new CliFailure("--names " + names + " names a discovered fabric; it needs --discover "
                            + "(with --topo the file names everything)", CliFailure.USAGE);
                }
                settleTime = fabric.settleTime();
                t = discover ? names == null ? new Topology("", List.of(), List.of(), List.of())
                        : TopologyFiles.read(names.toPath()) : TopologyFiles.read(topo.toPath());
                HostPort.parse("--listen", listen);
                tls.requireCertForCa("switch certificates are asked for over TLS");
                agents = registry.agents(env, spec.commandLine().getErr());
                haOptions = cluster.options(listen, registry.agentsListen, restOptions.rest);
                restConfig = restOptions.config(spec);
            } catch (CliFailure f) {
                return f.report(spec);
            } catch (IllegalArgumentException e) {
                return new CliFailure(e.getMessage(), CliFailure.USAGE).report(spec);
            }
            PairRates pairRates;
            try {
                pairRates = fabric.pairRates(t);
            } catch (CliFailure f) {
                return f.report(spec);
            }
            if (check) {
                try {
                    for (TlsOptions endpoint : List.of(tls, registry.tls)) {
                        TlsFiles files = endpoint.serverOrNull();
                        if (files != null) {
                            TlsContexts.server(files, ClientAuth.REQUIRE);
                        }
                    }
                } catch (IllegalArgumentException e) {
                    return new CliFailure(e.getMessage(), CliFailure.INPUT).report(spec);
                }
                spec.commandLine().getOut().printf("weft controller: configuration OK (%s, engine %s%s%s)%n",
                        fabric.discover() ? "discover mode" : t.name() + ", " + t.switches().size() + " switches",
                        fabric.routing().engine(),
                        restConfig == null ? "" : ", REST on " + restOptions.rest, agents == null ? ""
                                : ", agents on " + registry.agentsListen);
                spec.commandLine().getOut().flush();
                return 0;
            }
            WeftMetrics metrics = new WeftMetrics();
            WeftController c = start(t, pairRates, agents, metrics, haOptions);
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
            String host = HostPort.parse("--listen", listen).getHostString();
            if (fabric.discover()) {
                System.out.printf("weft controller: discovering (settle %d ms%s), engine %s, listening on %s:%d%s%n",
                        settleTime.toMillis(), names == null ? "" : ", names from " + names, fabric.routing().engine(),
                        host, c.port(), tls.cert() == null ? "" : " (TLS)");
            } else {
                System.out.printf("weft controller: %s, engine %s, %d switches, listening on %s:%d%s%s%n", t.name(),
                        fabric.routing().engine(), t.switches().size(), host, c.port(),
                        tls.cert() == null ? "" : " (TLS)",
                        pairRates.rates().isEmpty() ? "" : ", " + pairRates.rates().size() + " rated pairs");
            }
            if (c.cluster() != null) {
                weft.controller.ha.ClusterView v = c.cluster().view();
                System.out.printf("cluster %s: node %s, %s at epoch %d, master %s%n", cluster.ha, cluster.nodeId,
                        v.role(), v.epoch(),
                        v.master() == null ? "not known yet" : v.master().id());
            }
            if (c.agents() != null) {
                System.out.printf("agent registry listening on %s:%d%s, rates %s%n", agents.listen().getHostString(),
                        c.agents().port(), registry.tls.cert() == null ? "" : " (TLS)",
                        registry.allocate == null ? "by hand (weft rates set)" : "allocated by " + registry.allocate
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

        /** Starts the controller, or reports why it cannot (unroutable fabric, port in use) and returns null. */
        private WeftController start(Topology t, PairRates pairRates,
                                     WeftController.Agents agents, WeftMetrics metrics, HaOptions haOrNull) {
            try {
                WeftController.Config config = fabric.config(t, new RouteCompiler.Options(true, tableMiss),
                        HostPort.parse("--listen", listen), tls.serverOrNull());
                return fabric.start(config, pairRates, agents, metrics, haOrNull);
            } catch (RuntimeException e) {
                // the OpenFlow or agent port in use, an unroutable fabric: one line naming what failed
                new CliFailure(e.getMessage(), CliFailure.INPUT).report(spec);
                return null;
            }
        }
    }
}
