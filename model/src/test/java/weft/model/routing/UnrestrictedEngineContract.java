package weft.model.routing;

import weft.model.topology.Topology;

/**
 * The contract for engines that route shortest paths with no turn restrictions or layers (min-hop, ECMP): their
 * routes are deadlock-free on trees only, since on a fabric with a cycle shortest paths alone close a channel
 * dependency cycle (seed 002 §3.3.1).
 */
abstract class UnrestrictedEngineContract extends RoutingEngineContract {
    UnrestrictedEngineContract(RoutingEngine engine, Topology... fabrics) {
        super(engine, fabrics);
    }

    @Override
    protected boolean deadlockFreeOn(Topology topology) {
        return topology.name().contains("tree");
    }
}
