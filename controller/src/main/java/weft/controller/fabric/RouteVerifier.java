package weft.controller.fabric;

import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * Checks a routing result before it is programmed (connected, loop-free, every layer's channel dependency graph
 * acyclic); the fabric service refuses to program a result that fails. The model's deadlock verifier plugs in
 * here.
 */
@FunctionalInterface
public interface RouteVerifier {
    /**
     * @throws weft.model.routing.RoutingFailure naming the problem when the result must not be programmed
     */
    void verify(Topology topology, RoutingResult result);
}
