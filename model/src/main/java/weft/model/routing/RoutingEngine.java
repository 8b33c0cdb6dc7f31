package weft.model.routing;

import weft.model.topology.Topology;

/**
 * A routing algorithm: topology in, forwarding entries out. Implementations are stateless and thread-safe.
 * Modelled on OpenSM's {@code struct osm_routing_engine}: a name and one compute call.
 */
public interface RoutingEngine {
    /** The name used on the command line and in result files, e.g. {@code "lash"}. */
    String name();

    /** True when every path this engine produces is a shortest path in the switch graph. */
    boolean promisesShortest();

    /**
     * Computes routes for every ordered pair of switches that have hosts.
     *
     * @throws RoutingFailure when the fabric cannot be routed under the options (disconnected, layer budget)
     */
    RoutingResult compute(Topology topology, RoutingOptions options);
}
