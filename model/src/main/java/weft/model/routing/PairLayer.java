package weft.model.routing;

/**
 * The layer (virtual channel, 802.1Q PCP) that traffic from switch {@code src} to switch {@code dst} uses.
 * Multipath engines (MP-LASH) list several entries per pair, one per path, told apart by {@code path}.
 *
 * @param src   source switch id
 * @param dst   destination switch id
 * @param layer layer index, 0-based
 * @param path  path id for multipath engines, or null when the pair has one path
 */
public record PairLayer(String src, String dst, int layer, Integer path) {
    public PairLayer(String src, String dst, int layer) {
        this(src, dst, layer, null);
    }
}
