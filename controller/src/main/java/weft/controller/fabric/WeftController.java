package weft.controller.fabric;

import java.io.File;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.SplittableRandom;
import java.time.Duration;
import java.util.List;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import weft.controller.agentlink.AgentLinkLimits;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.AgentRegistry;
import weft.controller.agentlink.RegistryReservations;
import weft.controller.crp.ReservationOptions;
import weft.controller.crp.ReservationService;
import weft.controller.crp.SntpServer;
import weft.controller.agentlink.AgentToken;
import weft.controller.agentlink.RegistrationCheck;
import weft.controller.agentlink.FabricPaths;
import weft.controller.ha.HaOptions;
import weft.controller.ha.Mastership;
import weft.controller.ha.ZkCluster;
import weft.controller.openflow.OfServer;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.PairRates;
import weft.controller.program.RouteCompiler;
import weft.model.rate.RateAllocator;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingOptions;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsFiles;
import weft.model.topology.Topology;

/**
 * The controller process, built with plain constructors: the fabric service (routes, verification, programming,
 * faults) behind an OpenFlow 1.3 listener, and optionally the embedded agent registry ({@link AgentLinkServer}).
 */
public final class WeftController implements AutoCloseable {
    /**
     * Everything the controller needs.
     *
     * @param topology the fabric (dpids as the switches report them)
     * @param engine   routing engine
     * @param routing  engine options
     * @param compile  what to install besides routes
     * @param verifier checks each result before it is programmed
     * @param listen   OpenFlow listen address (port 0 picks a free port)
     * @param tlsOrNull certificate, key and optional CA for TLS (with a CA every switch must present a
     *                  certificate it signed), or null for plain TCP
     * @param session  switch session timers
     */
    public record Config(Topology topology, RoutingEngine engine, RoutingOptions routing,
                         RouteCompiler.Options compile, RouteVerifier verifier, InetSocketAddress listen,
                         TlsFiles tlsOrNull, SessionConfig session) {

        /** Plain TCP, default options and timers. */
        public static Config of(Topology topology, RoutingEngine engine, RouteVerifier verifier,
                                InetSocketAddress listen) {
            return new Config(topology, engine, RoutingOptions.defaults(), RouteCompiler.Options.defaults(),
                    verifier, listen, null, SessionConfig.defaults());
        }
    }

    /**
     * The embedded agent registry.
     *
     * @param listen          agent listen address
     * @param token           shared token agents and {@code weft rates set} present
     * @param tlsCert         PEM certificate chain for TLS, or null for plain TCP
     * @param tlsKey          PKCS#8 PEM private key for TLS, or null
     * @param allocatorOrNull allocator for the flows agents report, or null for hand-set rates only
     * @param subnets         CIDR subnets agents' addresses must lie in ({@code --agent-subnet}); empty for any
     * @param tlsCa           PEM CA bundle every agent's client certificate must chain to (mutual TLS), or null
     * @param reserveOrNull   reservation tables for the critical resources ({@code --reserve crp}), or null
     */
    public record Agents(InetSocketAddress listen, String token, File tlsCert, File tlsKey,
                         RateAllocator allocatorOrNull, List<String> subnets, File tlsCa,
                         ReservationOptions reserveOrNull) {
        public Agents {
            if ((tlsCert == null) != (tlsKey == null)) {
                throw new IllegalArgumentException("agent TLS needs both a certificate and a key, got cert "
                        + tlsCert + " and key " + tlsKey);
            }
            if (tlsCa != null && tlsCert == null) {
                throw new IllegalArgumentException("agent TLS CA " + tlsCa + " needs the registry's own certificate "
                        + "and key (--agent-tls-cert, --agent-tls-key)");
            }
            subnets = List.copyOf(subnets);
        }

        /** Without reservations. */
        public Agents(InetSocketAddress listen, String token, File tlsCert, File tlsKey,
                      RateAllocator allocatorOrNull, List<String> subnets, File tlsCa) {
            this(listen, token, tlsCert, tlsKey, allocatorOrNull, subnets, tlsCa, null);
        }

        /** Agents at any address, no client certificates, no reservations. */
        public Agents(InetSocketAddress listen, String token, File tlsCert, File tlsKey,
                      RateAllocator allocatorOrNull) {
            this(listen, token, tlsCert, tlsKey, allocatorOrNull, List.of(), null, null);
        }

        /** These agents with reservation tables ({@code --reserve crp}). */
        public Agents withReservations(ReservationOptions reserve) {
            return new Agents(listen, token, tlsCert, tlsKey, allocatorOrNull, subnets, tlsCa, reserve);
        }
    }

    private final FabricService fabric;
    private final OfServer server;
    private AgentLinkServer agents;
    private SntpServer sntp;
    private ZkCluster cluster;

    private WeftController(FabricService fabric, OfServer server) {
        this.fabric = fabric;
        this.server = server;
    }

    /**
     * Starts the controller and, with {@code agentsOrNull}, its agent registry: paths come from the current
     * routes ({@link FabricPaths}), registrations go to {@link FabricService#hostRegistered}, and every route
     * change recomputes paths and allocated rates.
     */
    public static WeftController start(Config c, Agents agentsOrNull) {
        return start(c, PairRates.none(), agentsOrNull);
    }

    /** As {@link #start(Config, Agents)}, with rated pairs enforced by meters ({@link #start(Config, PairRates)}). */
    public static WeftController start(Config c, PairRates rates, Agents agentsOrNull) {
        return withAgents(start(c, rates), agentsOrNull);
    }

    /**
     * As {@link #start(Config, PairRates, Agents)}, with {@code observer} hearing every route computation and
     * update from the first one on (the controller's metrics).
     */
    public static WeftController start(Config c, PairRates rates, Agents agentsOrNull, FabricObserver observer) {
        return withAgents(listen(c, configured(c, rates), observer), agentsOrNull);
    }

    /** {@link #startDiscovering(Config, Duration)} and, with {@code agentsOrNull}, the agent registry. */
    public static WeftController startDiscovering(Config c, Duration settle, Agents agentsOrNull) {
        return withAgents(startDiscovering(c, settle), agentsOrNull);
    }

    /** As {@link #startDiscovering(Config, Duration, Agents)}, with an observer from the start. */
    public static WeftController startDiscovering(Config c, Duration settle, Agents agentsOrNull,
                                                  FabricObserver observer) {
        return withAgents(listen(c, discovering(c, settle), observer), agentsOrNull);
    }

    /**
     * As {@link #start(Config, PairRates, Agents, FabricObserver)}, as one controller of a cluster ({@code --ha}):
     * it joins the election before it listens, so every switch hears its role first; see {@link ClusterMember}.
     *
     * @param observerOrNull hears every route computation and update, or null
     */
    public static WeftController start(Config c, PairRates rates, Agents agentsOrNull, FabricObserver observerOrNull,
                                       HaOptions ha) {
        return clustered(c, configured(c, rates), agentsOrNull, observerOrNull, ha);
    }

    /** As {@link #startDiscovering(Config, Duration, Agents, FabricObserver)}, as one controller of a cluster. */
    public static WeftController startDiscovering(Config c, Duration settle, Agents agentsOrNull,
                                                  FabricObserver observerOrNull, HaOptions ha) {
        return clustered(c, discovering(c, settle), agentsOrNull, observerOrNull, ha);
    }

    private static WeftController clustered(Config c, FabricService fabric, Agents agentsOrNull,
                                            FabricObserver observerOrNull, HaOptions ha) {
        fabric.roleChanged(Mastership.Role.STANDBY, 0); // until the cluster says otherwise: writes nothing
        ClusterMember member = new ClusterMember(ZkCluster.create(ha), fabric, ha.sessionTimeout().plusSeconds(2));
        try {
            member.join();
        } catch (RuntimeException e) {
            fabric.close();
            throw e;
        }
        WeftController controller;
        try {
            controller = withAgents(listen(c, fabric, observerOrNull), agentsOrNull);
        } catch (RuntimeException e) {
            member.close();
            throw e;
        }
        controller.cluster = member.cluster();
        member.agents(controller.agents);
        return controller;
    }

    /** The cluster this controller is a member of, or null without {@code --ha}. */
    public ZkCluster cluster() {
        return cluster;
    }

    private static WeftController withAgents(WeftController controller, Agents agentsOrNull) {
        if (agentsOrNull == null) {
            return controller;
        }
        FabricService fabric = controller.fabric;
        try {
            // with a CA every agent (and weft rates set) must present a certificate it signed: mutual TLS
            SslContext ssl = agentsOrNull.tlsCert() == null ? null : TlsContexts.server(TlsFiles.server(
                    "--agent-tls", agentsOrNull.tlsCert().toPath(), agentsOrNull.tlsKey().toPath(),
                    agentsOrNull.tlsCa() == null ? null : agentsOrNull.tlsCa().toPath()), ClientAuth.REQUIRE);
            AgentRegistry.Allocator alloc = agentsOrNull.allocatorOrNull() == null ? null
                    : new AgentRegistry.Allocator(agentsOrNull.allocatorOrNull(), fabric::currentTopology,
                    fabric::routes);
            AgentLinkLimits limits = AgentLinkLimits.defaults();
            AgentRegistry registry = new AgentRegistry(AgentToken.of(agentsOrNull.token(), "agent token"),
                    FabricPaths.provider(fabric::currentTopology, fabric::routes), alloc,
                    RegistrationCheck.syntax(agentsOrNull.subnets(), r -> fabric.registrationProblem(r.host(),
                            r.ip())),
                    r -> fabric.hostRegistered(r.host(), r.mac(), r.ip(), r.attachment()), limits);
            controller.agents = new AgentLinkServer(agentsOrNull.listen(), ssl, registry, limits, System::nanoTime)
                    .start();
            if (agentsOrNull.reserveOrNull() != null) {
                controller.reserve(agentsOrNull.listen(), agentsOrNull.reserveOrNull());
            }
            fabric.addRoutesListener(controller.agents::routesChanged);
            return controller;
        } catch (InterruptedException e) {
            controller.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the agent registry", e);
        } catch (Exception e) {
            // Netty rethrows the bind's checked exception (BindException: address in use) undeclared.
            controller.close();
            throw new IllegalArgumentException("agent registry on " + agentsOrNull.listen().getHostString() + ":"
                    + agentsOrNull.listen().getPort() + ": " + (e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
    }

    /**
     * Reservation tables for the critical resources ({@code --reserve crp}), kept by the agent registry on its
     * clock shifted to the Unix epoch once, now; with an SNTP port, the controller answers SNTP with that time on
     * the registry's address, so agents measure their offset from the slots' own clock. Port-down events revoke.
     */
    private void reserve(InetSocketAddress registry, ReservationOptions options) {
        Instant wall = Instant.now();
        long offset = wall.getEpochSecond() * 1_000_000_000L + wall.getNano() - System.nanoTime();
        agents.reservations(new RegistryReservations(new ReservationService(options, new SplittableRandom(offset)),
                fabric::currentTopology, fabric::routes, offset));
        if (options.sntpPort() != null) {
            sntp = SntpServer.start(new InetSocketAddress(registry.getAddress(), options.sntpPort()),
                    () -> System.nanoTime() + offset);
        }
        fabric.addPortDownListener(agents::portDown);
        agents.routesChanged(); // the tables of the routes computed before the registry started
    }

    /** The SNTP server of the reservations' clock, or null. */
    public SntpServer sntp() {
        return sntp;
    }

    /** The embedded agent registry, or null when the controller runs without one. */
    public AgentLinkServer agents() {
        return agents;
    }

    /**
     * Computes the first routes (failing fast if the fabric cannot be routed), then starts listening.
     */
    public static WeftController start(Config c) {
        return start(c, PairRates.none());
    }

    /**
     * As {@link #start(Config)}, with rated pairs enforced by meters from the first program on.
     *
     * @param rates a pair-rate table validated against {@code c.topology()}
     */
    public static WeftController start(Config c, PairRates rates) {
        return listen(c, configured(c, rates), null);
    }

    private static FabricService configured(Config c, PairRates rates) {
        FabricService fabric = new FabricService(new FabricService.Config(c.topology(), c.engine(), c.routing(),
                c.compile(), c.verifier(), Duration.ofSeconds(30), Duration.ofSeconds(5), Duration.ofSeconds(1)));
        fabric.setPairRates(rates);
        return fabric;
    }

    /**
     * Starts listening for a fabric known only from discovery ({@link FabricService} discover mode):
     * {@code c.topology()} only names switches and hosts and may be empty; routes follow once discovery has
     * been unchanged for {@code settle}. LLDP goes out every second.
     */
    public static WeftController startDiscovering(Config c, Duration settle) {
        return listen(c, discovering(c, settle), null);
    }

    private static FabricService discovering(Config c, Duration settle) {
        return new FabricService(new FabricService.Config(c.topology(), c.engine(), c.routing(), c.compile(),
                c.verifier(), Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofSeconds(1)), settle);
    }

    private static WeftController listen(Config c, FabricService fabric, FabricObserver observerOrNull) {
        if (observerOrNull != null) {
            fabric.addObserver(observerOrNull);
        }
        fabric.start();
        try {
            OfServer server = c.tlsOrNull() == null
                    ? OfServer.plain(c.listen(), c.session(), fabric)
                    : OfServer.tls(c.listen(), c.tlsOrNull(), c.session(), fabric);
            return new WeftController(fabric, server);
        } catch (RuntimeException e) {
            fabric.close();
            throw e;
        }
    }

    public FabricService fabric() {
        return fabric;
    }

    /** The OpenFlow port actually bound. */
    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        if (cluster != null) {
            cluster.close();
        }
        if (agents != null) {
            agents.close();
        }
        if (sntp != null) {
            sntp.close();
        }
        fabric.close();
        server.close();
    }
}
