package weft.controller.testing;

import java.util.function.BiFunction;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/** A routing engine for controller tests: a name, whether it promises shortest paths, and how it routes. */
public record TestEngine(String name, boolean promisesShortest,
                         BiFunction<Topology, RoutingOptions, RoutingResult> routes) implements RoutingEngine {
    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        return routes.apply(topology, options);
    }
}
