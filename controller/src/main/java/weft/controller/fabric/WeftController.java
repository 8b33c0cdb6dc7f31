package weft.controller.fabric;

import java.io.File;
import java.net.InetSocketAddress;
import java.time.Duration;
import weft.controller.openflow.OfServer;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.RouteCompiler;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Topology;

/**
 * The controller process, built with plain constructors: the fabric service (routes, verification, programming,
 * faults) behind an OpenFlow 1.3 listener.
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
     * @param tlsCert  PEM certificate chain for TLS, or null for plain TCP
     * @param tlsKey   PKCS#8 PEM private key for TLS, or null
     * @param session  switch session timers
     */
    public record Config(Topology topology, RoutingEngine engine, RoutingOptions routing,
                         RouteCompiler.Options compile, RouteVerifier verifier, InetSocketAddress listen,
                         File tlsCert, File tlsKey, SessionConfig session) {
        public Config {
            if ((tlsCert == null) != (tlsKey == null)) {
                throw new IllegalArgumentException("TLS needs both a certificate and a key, got cert " + tlsCert
                        + " and key " + tlsKey);
            }
        }

        /** Plain TCP, default options and timers. */
        public static Config of(Topology topology, RoutingEngine engine, RouteVerifier verifier,
                                InetSocketAddress listen) {
            return new Config(topology, engine, RoutingOptions.defaults(), RouteCompiler.Options.defaults(),
                    verifier, listen, null, null, SessionConfig.defaults());
        }
    }

    private final FabricService fabric;
    private final OfServer server;

    private WeftController(FabricService fabric, OfServer server) {
        this.fabric = fabric;
        this.server = server;
    }

    /**
     * Computes the first routes (failing fast if the fabric cannot be routed), then starts listening.
     */
    public static WeftController start(Config c) {
        return listen(c, new FabricService(new FabricService.Config(c.topology(), c.engine(), c.routing(),
                c.compile(), c.verifier(), Duration.ofSeconds(30), Duration.ofSeconds(5), Duration.ofSeconds(1))));
    }

    /**
     * Starts listening for a fabric known only from discovery ({@link FabricService} discover mode):
     * {@code c.topology()} only names switches and hosts and may be empty; routes follow once discovery has
     * been unchanged for {@code settle}. LLDP goes out every second.
     */
    public static WeftController startDiscovering(Config c, Duration settle) {
        return listen(c, new FabricService(new FabricService.Config(c.topology(), c.engine(), c.routing(),
                c.compile(), c.verifier(), Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofSeconds(1)),
                settle));
    }

    private static WeftController listen(Config c, FabricService fabric) {
        fabric.start();
        try {
            OfServer server = c.tlsCert() == null
                    ? OfServer.plain(c.listen(), c.session(), fabric)
                    : OfServer.tls(c.listen(), c.tlsCert(), c.tlsKey(), c.session(), fabric);
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
        fabric.close();
        server.close();
    }
}
