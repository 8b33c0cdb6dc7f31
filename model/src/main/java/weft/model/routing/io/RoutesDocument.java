package weft.model.routing.io;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import weft.model.routing.ForwardingTable;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutedPaths;
import weft.model.routing.RoutedPaths.BrokenWalk;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * The content of a {@code weft-routes/1} file: a routing result, optionally the switch paths behind it and summary
 * statistics (as written by {@code weft route}).
 *
 * @param result the routing result (engine, layers, {@code layer_of}, {@code forwarding})
 * @param paths  switch-by-switch paths, possibly empty
 * @param stats  named numbers or strings (e.g. {@code "compute_ms"}), in insertion order, possibly empty
 */
public record RoutesDocument(RoutingResult result, List<RoutedPath> paths, Map<String, Object> stats) {
    public RoutesDocument {
        paths = List.copyOf(paths);
        stats = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(stats));
    }

    /** A document with only the result. */
    public static RoutesDocument of(RoutingResult result) {
        return new RoutesDocument(result, List.of(), Map.of());
    }

    /**
     * The switch path of every {@code layer_of} pair (its layer and path tag), in {@code layer_of} order, for the
     * optional {@code paths} list: the walk of {@link RoutedPaths} (first port of a port group); a pair whose walk
     * breaks (no entry, a loop, a malformed entry) is left out, the verifier reports those.
     */
    public static List<RoutedPath> pathsOf(Topology topology, RoutingResult result) {
        RoutedPaths walks = RoutedPaths.of(topology, result, BrokenWalk.OMIT, result.engine());
        List<RoutedPath> out = new java.util.ArrayList<>();
        for (PairLayer p : result.layerOf()) {
            int s = topology.switchIndex(p.src());
            int d = topology.switchIndex(p.dst());
            if (s < 0 || d < 0) {
                continue;
            }
            int[] channels = walks.channels(s, d, p.layer(), ForwardingTable.tagOf(p.path()));
            if (channels != null) {
                out.add(new RoutedPath(p.src(), p.dst(), p.layer(), p.path(), List.of(walks.switches(s, channels))));
            }
        }
        return out;
    }

    /**
     * One routed path, for people and tools reading the file; the verifier never uses it.
     *
     * @param src      source switch
     * @param dst      destination switch
     * @param layer    layer
     * @param path     path tag or null
     * @param switches the switches visited, source first
     */
    public record RoutedPath(String src, String dst, int layer, Integer path, List<String> switches) {
        public RoutedPath {
            switches = List.copyOf(switches);
        }
    }
}
