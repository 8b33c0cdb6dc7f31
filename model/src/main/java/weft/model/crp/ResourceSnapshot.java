package weft.model.crp;

import java.util.Arrays;
import java.util.Objects;

/**
 * One resource's table and counters as the central form holds them (what a REST API shows).
 *
 * @param free            free units per cell from {@code baseSlot} on
 * @param requests        requests whose candidate paths included the resource
 * @param grants          bookings made through it
 * @param retriesFull     requests answered "destination full" while it was on a candidate path
 * @param retriesNoSlot   requests answered "no common slot" while it was on a candidate path
 * @param committedUnits  units reserved through it
 * @param epsilonUnits    of those, the {@code ε} share (control overhead, seed 001 §2.5)
 * @param chargedUnits    units of unreserved traffic charged to it
 * @param unchargedUnits  unreserved units its whole window could not take
 * @param releasedUnits   units given back by revocations
 * @param liveBookings    bookings that still have a slot in the window
 * @param <R>             resource key type
 */
public record ResourceSnapshot<R>(R resource, long capacity, long baseSlot, long[] free, long requests, long grants,
                                  long retriesFull, long retriesNoSlot, long committedUnits, long epsilonUnits,
                                  long chargedUnits, long unchargedUnits, long releasedUnits, int liveBookings) {
    public ResourceSnapshot {
        free = free.clone();
    }

    @Override
    public long[] free() {
        return free.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResourceSnapshot<?> s && Objects.equals(resource, s.resource)
                && capacity == s.capacity && baseSlot == s.baseSlot && Arrays.equals(free, s.free)
                && requests == s.requests && grants == s.grants && retriesFull == s.retriesFull
                && retriesNoSlot == s.retriesNoSlot && committedUnits == s.committedUnits
                && epsilonUnits == s.epsilonUnits && chargedUnits == s.chargedUnits
                && unchargedUnits == s.unchargedUnits && releasedUnits == s.releasedUnits
                && liveBookings == s.liveBookings;
    }

    @Override
    public int hashCode() {
        return Objects.hash(resource, baseSlot, Arrays.hashCode(free), requests, grants, committedUnits);
    }

    @Override
    public String toString() {
        return "ResourceSnapshot[" + resource + " base " + baseSlot + " free " + Arrays.toString(free) + " requests "
                + requests + " grants " + grants + " retries " + retriesFull + "/" + retriesNoSlot + " committed "
                + committedUnits + " charged " + chargedUnits + " released " + releasedUnits + "]";
    }

    /** Reserved or charged units in the window over its capacity, 0..1. */
    public double occupancy() {
        long used = 0;
        for (long f : free) {
            used += capacity - f;
        }
        return (double) used / ((double) capacity * free.length);
    }
}
