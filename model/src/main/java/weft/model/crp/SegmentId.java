package weft.model.crp;

/**
 * The unit that makes one reservation: segment {@code segment} of flow {@code flow}. Eager holds are tagged with it
 * (seed 001 §2.4: "tag matching since eager reservations are associated with flow identifiers"), and a flow larger
 * than {@code N_max} makes one reservation per segment (§2.5).
 *
 * @param flow    the flow (message) id, chosen by its source and unique among the sources' flows
 * @param segment index of the segment in the flow, from 0
 */
public record SegmentId(long flow, int segment) {
    public SegmentId {
        if (segment < 0) {
            throw new IllegalArgumentException("segment id: segment " + segment + " of flow " + flow
                    + " is negative");
        }
    }

    @Override
    public String toString() {
        return flow + "/" + segment;
    }
}
