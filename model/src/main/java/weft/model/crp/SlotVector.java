package weft.model.crp;

/**
 * A request's availability vector: bit {@code i} says whether slot {@code base + i} can still take the request at
 * every resource it has passed. Immutable; {@code size <= 64} so a vector is one word, as the paper keeps the
 * request a single flit (seed 001 §3: {@code V_cells = 32} "to keep reservation requests single-flit packets").
 *
 * <p>Seed 001 §2.2: vectors start all true, each participating resource ANDs its availability in, and vectors
 * shift left by one bit with the tables, a true bit entering on the right because a new slot starts fully
 * available. Decision: a vector carries the absolute slot of its first bit and is rebased on arrival
 * ({@link #rebase}), which is the paper's in-flight shift done lazily.
 *
 * @param base absolute slot of bit 0
 * @param size number of bits (the table's {@code V_cells}), 1..64
 * @param bits bit {@code i} set: slot {@code base + i} available
 */
public record SlotVector(long base, int size, long bits) {
    public SlotVector {
        if (size < 1 || size > 64) {
            throw new IllegalArgumentException("slot vector: size " + size + " outside 1..64");
        }
        if ((bits & ~mask(size)) != 0) {
            throw new IllegalArgumentException("slot vector: bits 0x" + Long.toHexString(bits) + " beyond size "
                    + size);
        }
    }

    private static long mask(int n) {
        return n >= 64 ? -1L : (1L << n) - 1;
    }

    /** A fresh request's vector: every slot true (seed 001 §2.2). */
    public static SlotVector all(long base, int size) {
        return new SlotVector(base, size, mask(size));
    }

    /**
     * The same availability seen from a table whose first cell is {@code newBase}. Moving forward drops the slots
     * that have passed and fills the new ones with true (seed 001 §2.2); moving backward fills with false, since
     * nothing is known about slots before the vector's base.
     */
    public SlotVector rebase(long newBase) {
        long d = newBase - base;
        if (d == 0) {
            return this;
        }
        long moved;
        if (d > 0) {
            moved = d >= size ? mask(size) : (bits >>> d) | (mask(size) & ~mask(size - (int) d));
        } else {
            moved = -d >= size ? 0 : (bits << -d) & mask(size);
        }
        return new SlotVector(newBase, size, moved);
    }

    /** This vector AND another with the same base and size (seed 001 §2.2: a resource ANDs its availability in). */
    public SlotVector and(SlotVector other) {
        if (other.base != base || other.size != size) {
            throw new IllegalArgumentException("slot vector: AND of " + this + " and " + other
                    + " needs the same base and size");
        }
        return new SlotVector(base, size, bits & other.bits);
    }

    /** Whether absolute slot {@code slot} is available (false outside the vector). */
    public boolean test(long slot) {
        long i = slot - base;
        return i >= 0 && i < size && (bits >>> i & 1) != 0;
    }

    public boolean isEmpty() {
        return bits == 0;
    }

    /**
     * The earliest available slot (seed 001 §2.3: the leftmost true bit).
     *
     * @throws IllegalStateException when no bit is set
     */
    public long first() {
        if (bits == 0) {
            throw new IllegalStateException("slot vector " + this + " has no available slot");
        }
        return base + Long.numberOfTrailingZeros(bits);
    }

    /** Bits as the paper draws them, earliest slot first: {@code T} available, {@code F} not. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(size + 8);
        for (int i = 0; i < size; i++) {
            s.append((bits >>> i & 1) != 0 ? 'T' : 'F');
        }
        return s.append('@').append(base).toString();
    }
}
