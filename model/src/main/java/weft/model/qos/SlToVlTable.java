package weft.model.qos;

import java.util.Arrays;

/**
 * An SL-to-VL mapping table: the virtual lane a packet of each of the 16 service levels uses on a link. VL15 is the
 * management lane; a data SL mapped to VL15 is dropped, as in InfiniBand.
 *
 * <p>Seed 002 §4.2.1: SLs map to VLs by the table, degrade when there are fewer VLs, and in the worst case all go
 * to VL0; §4.2.2: the thesis's scheme is one-to-one and fixed at start-up. Decision: one table per output port
 * (InfiniBand switches may hold one per input/output port pair; the thesis's scheme never needs more).
 */
public final class SlToVlTable {
    /** Service levels in a packet header. */
    public static final int SERVICE_LEVELS = 16;
    /** The management lane. */
    public static final int MANAGEMENT_VL = 15;

    private final int[] vlOf;

    private SlToVlTable(int[] vlOf) {
        this.vlOf = vlOf;
    }

    /**
     * A table from its 16 entries.
     *
     * @throws IllegalArgumentException naming the first entry outside VL 0..15, or a wrong entry count
     */
    public static SlToVlTable of(int... vlOfServiceLevel) {
        if (vlOfServiceLevel.length != SERVICE_LEVELS) {
            throw new IllegalArgumentException("SL-to-VL table: " + vlOfServiceLevel.length + " entries, expected "
                    + SERVICE_LEVELS + " (one per SL)");
        }
        for (int sl = 0; sl < SERVICE_LEVELS; sl++) {
            int vl = vlOfServiceLevel[sl];
            if (vl < 0 || vl > MANAGEMENT_VL) {
                throw new IllegalArgumentException("SL-to-VL table: SL" + sl + " maps to VL" + vl
                        + ", expected a VL in 0.." + MANAGEMENT_VL);
            }
        }
        return new SlToVlTable(vlOfServiceLevel.clone());
    }

    /**
     * The one-to-one mapping where it fits, degraded where it does not: SL i uses VL i when i is below the number
     * of data VLs, else VL (i mod data VLs). With one data VL every SL uses VL0.
     *
     * @param dataVls data VLs of the link, 1..15
     */
    public static SlToVlTable direct(int dataVls) {
        if (dataVls < 1 || dataVls > MANAGEMENT_VL) {
            throw new IllegalArgumentException("dataVls must be in 1.." + MANAGEMENT_VL + ", got " + dataVls);
        }
        int[] vl = new int[SERVICE_LEVELS];
        for (int sl = 0; sl < SERVICE_LEVELS; sl++) {
            vl[sl] = sl % dataVls;
        }
        return new SlToVlTable(vl);
    }

    /**
     * The VL of a service level.
     *
     * @throws IllegalArgumentException when sl is outside 0..15
     */
    public int vl(int sl) {
        if (sl < 0 || sl >= SERVICE_LEVELS) {
            throw new IllegalArgumentException("service level " + sl + " outside 0.." + (SERVICE_LEVELS - 1));
        }
        return vlOf[sl];
    }

    /** Whether packets of this SL are dropped (mapped to the management lane). */
    public boolean drops(int sl) {
        return vl(sl) == MANAGEMENT_VL;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SlToVlTable t && Arrays.equals(vlOf, t.vlOf);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(vlOf);
    }

    @Override
    public String toString() {
        return "SlToVlTable" + Arrays.toString(vlOf);
    }
}
