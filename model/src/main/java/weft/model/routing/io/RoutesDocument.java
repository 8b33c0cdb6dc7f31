package weft.model.routing.io;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import weft.model.routing.RoutingResult;

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
