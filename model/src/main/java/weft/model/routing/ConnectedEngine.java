package weft.model.routing;

import weft.model.topology.Topology;

/**
 * A {@link NamedEngine} that routes only a fabric whose switches with hosts are all in one component: it refuses any
 * other with {@link DestinationTables#requireConnected}'s message before its own {@link #route} runs, so each engine
 * holds only its algorithm. Engines whose pair list makes its own connectivity check ({@code Pairs}) do not use it.
 */
abstract class ConnectedEngine extends NamedEngine {
    ConnectedEngine(String name, boolean promisesShortest) {
        super(name, promisesShortest);
    }

    @Override
    public final RoutingResult compute(Topology topology, RoutingOptions options) {
        DestinationTables.requireConnected(name(), topology);
        return route(topology, options);
    }

    /** Routes a fabric whose switches with hosts are known to be connected. */
    abstract RoutingResult route(Topology topology, RoutingOptions options);
}
