package weft.model.traffic;

/**
 * One flow between two hosts.
 *
 * @param id     unique name, e.g. {@code "f1"}
 * @param src    source host id
 * @param dst    destination host id
 * @param weight priority weight {@code w_f} (seed 000 §4.2.1), positive
 * @param app    application the flow belongs to (seed 000 §4.3); flows of one application progress together
 * @param bytes  size of the flow (seed 000 {@code d_f}) or backlog of the VOQ (seed 004 {@code b_ij}), {@code >= 0}
 */
public record Flow(String id, String src, String dst, double weight, String app, long bytes) {
    public Flow {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("flow id must be non-empty");
        }
        if (src == null || src.isBlank() || dst == null || dst.isBlank()) {
            throw new IllegalArgumentException("flow " + id + ": src and dst must be host ids, got " + src + " -> "
                    + dst);
        }
        if (src.equals(dst)) {
            throw new IllegalArgumentException("flow " + id + ": src and dst are both " + src
                    + " (a flow must leave its host)");
        }
        if (!(weight > 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("flow " + id + ": weight must be a positive number, got " + weight);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("flow " + id + ": bytes must be >= 0, got " + bytes);
        }
        app = app == null || app.isBlank() ? id : app;
    }
}
