package weft.model.routing;

import java.util.List;

/**
 * What an engine computed: the layer of every switch pair and the forwarding entries of every switch.
 * Results are data: they are written to and read from {@code weft-routes/1} files and checked by the verifier
 * from the entries alone.
 *
 * @param engine           engine name
 * @param layers           number of layers used (1 for engines without layers)
 * @param layerOf          every ordered pair of distinct switches that have hosts, with its layer(s)
 * @param forwarding       the forwarding entries
 * @param promisesShortest whether the engine promises shortest paths (the verifier checks it)
 */
public record RoutingResult(String engine, int layers, List<PairLayer> layerOf, List<ForwardingEntry> forwarding,
                            boolean promisesShortest) {
    public RoutingResult {
        layerOf = List.copyOf(layerOf);
        forwarding = List.copyOf(forwarding);
        if (layers < 1) {
            throw new IllegalArgumentException("routing result of " + engine + ": layers must be >= 1");
        }
    }
}
