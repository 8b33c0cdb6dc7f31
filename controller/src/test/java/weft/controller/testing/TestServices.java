package weft.controller.testing;

import java.time.Duration;
import weft.controller.fabric.FabricService;
import weft.controller.program.RouteCompiler;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Topology;

/**
 * Fabric services for controller tests: default routing and compile options, no deadlock verification, a 5 s
 * switch timeout, and the LLDP and statistics intervals the test asks for.
 */
public final class TestServices {
    /** LLDP and statistics every 60 s: nothing periodic happens while a test runs. */
    public static final Duration QUIET = Duration.ofSeconds(60);

    private TestServices() {
    }

    /** A service on {@code topology} routed by {@code engine}, with LLDP and statistics at the given intervals. */
    public static FabricService service(Topology topology, RoutingEngine engine, Duration lldp, Duration stats) {
        return new FabricService(new FabricService.Config(topology, engine, RoutingOptions.defaults(),
                RouteCompiler.Options.defaults(), (t, r) -> { }, Duration.ofSeconds(5), lldp, stats));
    }

    /** A service on {@code topology} routed by {@code engine}, LLDP every 5 s, statistics every second. */
    public static FabricService service(Topology topology, RoutingEngine engine) {
        return service(topology, engine, Duration.ofSeconds(5), Duration.ofSeconds(1));
    }

    /** A service on {@code topology} routed by the updown engine, LLDP every 5 s, statistics every second. */
    public static FabricService updown(Topology topology) {
        return service(topology, RoutingEngines.byName("updown"));
    }

    /** A service on {@code topology} routed by the updown engine with nothing periodic ({@link #QUIET}). */
    public static FabricService quietUpdown(Topology topology) {
        return service(topology, RoutingEngines.byName("updown"), QUIET, QUIET);
    }
}
