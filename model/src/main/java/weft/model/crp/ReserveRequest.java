package weft.model.crp;

import java.util.List;

/**
 * A request to the central form: reserve slots for {@code dataUnits} of flow {@code flow} to {@code destination},
 * on one of the candidate paths (ECMP alternatives; each lists the path's critical channels in order, without the
 * destination), no earlier than slot {@code notBefore}.
 *
 * @param notBefore the earliest slot wanted, or {@link #ASAP}
 * @param <R>       resource key type
 */
public record ReserveRequest<R>(long flow, R destination, List<List<R>> paths, long dataUnits, long notBefore) {
    /** No earliest slot: the first the tables allow. */
    public static final long ASAP = Long.MIN_VALUE;

    public ReserveRequest {
        paths = paths.stream().map(List::copyOf).toList();
    }

    /** A request for the earliest slot on one path. */
    public static <R> ReserveRequest<R> asap(long flow, R destination, List<R> channels, long dataUnits) {
        return new ReserveRequest<>(flow, destination, List.of(channels), dataUnits, ASAP);
    }
}
