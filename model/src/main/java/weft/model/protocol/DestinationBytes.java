package weft.model.protocol;

/**
 * Bytes sent to one destination (by IPv4 address): a line of a CRP {@code charge}.
 *
 * @param dst   the destination's IPv4 address
 * @param bytes bytes, positive
 */
public record DestinationBytes(String dst, long bytes) {
    public DestinationBytes {
        if (dst == null || dst.isBlank()) {
            throw new IllegalArgumentException("charge: field 'dst' is required");
        }
        if (bytes <= 0) {
            throw new IllegalArgumentException("charge to " + dst + ": " + bytes + " bytes, expected > 0");
        }
    }
}
