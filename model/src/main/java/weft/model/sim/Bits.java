package weft.model.sim;

/** Bit sets stored as {@code words} longs at an offset of a shared array (the allocators' request matrices). */
final class Bits {
    private Bits() {
    }

    static void set(long[] a, int off, int i) {
        a[off + (i >>> 6)] |= 1L << i;
    }

    static boolean get(long[] a, int off, int i) {
        return (a[off + (i >>> 6)] & (1L << i)) != 0;
    }

    static boolean isEmpty(long[] a, int off, int words) {
        for (int w = 0; w < words; w++) {
            if (a[off + w] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first bit set in {@code a} and not in {@code mask} (or any set bit when mask is null) at or after
     * {@code from}, wrapping round below {@code n}; -1 when none.
     */
    static int firstFrom(long[] a, int off, long[] mask, int words, int from, int n) {
        int start = from >= n ? 0 : from;
        int w0 = start >>> 6;
        for (int k = 0; k <= words; k++) {
            int w = (w0 + k) % words;
            long bits = a[off + w] & (mask == null ? -1L : ~mask[w]);
            if (k == 0) {
                bits &= -1L << (start & 63);
            } else if (k == words) {
                bits &= (start & 63) == 0 ? 0 : ~(-1L << (start & 63));
            }
            if (bits != 0) {
                int i = (w << 6) + Long.numberOfTrailingZeros(bits);
                return i < n ? i : -1;
            }
        }
        return -1;
    }
}
