package weft.model.crp;

import java.util.List;

/**
 * A booking withdrawn because a resource on its path failed or was removed: the data budget it had in slots that
 * had not ended ({@code revoked}) is given back at every resource, and its requester must stop using it and ask
 * again.
 */
public record Revocation(long booking, long flow, List<SlotUnits> revoked) {
    public Revocation {
        revoked = List.copyOf(revoked);
    }
}
