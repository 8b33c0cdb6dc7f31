package weft.model.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * How an output link chooses among its lanes (virtual lanes, 802.1Q priorities): plain round robin, or the
 * InfiniBand scheme of two weighted round-robin tables, high priority before low, with a limit of high priority.
 *
 * <p>Source: seed 002 §4.1-4.2 (IBA service differentiation): high-priority lanes preempt low-priority ones, but after
 * {@code limitOfHighPriority} high-priority packets while a low-priority packet waits, one low-priority packet goes;
 * within a table the entries are served in order, each lane sending while its weight (in 64-byte blocks) lasts.
 * Decisions: the limit counts packets, as the thesis words it (the IBA specification counts 4 KB units); a packet may
 * start while its entry has weight left, and its blocks are then charged in full (the IBA rule); a lane that appears
 * in neither table is never served, so the simulator refuses tables that miss a lane in use.
 *
 * @param high                high-priority table, served in order
 * @param low                 low-priority table, served in order
 * @param limitOfHighPriority high-priority packets in a row before a waiting low-priority packet must go;
 *                            {@link #UNLIMITED} = no limit
 */
public record LaneArbitration(List<Entry> high, List<Entry> low, int limitOfHighPriority) {
    /** No limit of high priority (IBA's 255). */
    public static final int UNLIMITED = Integer.MAX_VALUE;
    /** Bytes per weight unit (IBA: 64-byte blocks). */
    public static final int BLOCK_BYTES = 64;

    /**
     * One table entry.
     *
     * @param lane   the lane
     * @param weight 64-byte blocks the lane may send per turn, {@code >= 1}
     */
    public record Entry(int lane, int weight) {
        public Entry {
            if (lane < 0 || weight < 1) {
                throw new IllegalArgumentException("lane arbitration entry: lane must be >= 0 and weight >= 1, got "
                        + lane + ":" + weight);
            }
        }
    }

    public LaneArbitration {
        high = List.copyOf(high);
        low = List.copyOf(low);
        if (limitOfHighPriority < 1) {
            throw new IllegalArgumentException("limit of high priority must be >= 1, got " + limitOfHighPriority);
        }
    }

    /** Round robin over the lanes that have a packet to send. */
    public static LaneArbitration roundRobin() {
        return new LaneArbitration(List.of(), List.of(), UNLIMITED);
    }

    /** True for plain round robin (both tables empty). */
    public boolean isRoundRobin() {
        return high.isEmpty() && low.isEmpty();
    }

    /** True when some entry of either table names the lane. */
    public boolean serves(int lane) {
        for (Entry e : high) {
            if (e.lane() == lane) {
                return true;
            }
        }
        for (Entry e : low) {
            if (e.lane() == lane) {
                return true;
            }
        }
        return isRoundRobin();
    }

    /**
     * Parses {@code rr}, or {@code high=L:W,L:W;low=L:W,...;limit=N} (either table may be missing, {@code limit}
     * defaults to unlimited), e.g. {@code high=0:4,1:6;low=2:8,3:10,4:1;limit=16} (seed 002 Table 4.1, balanced).
     *
     * @throws IllegalArgumentException naming the part that is malformed
     */
    public static LaneArbitration parse(String spec) {
        String s = spec.trim();
        if (s.equals("rr") || s.isEmpty()) {
            return roundRobin();
        }
        List<Entry> high = new ArrayList<>();
        List<Entry> low = new ArrayList<>();
        int limit = UNLIMITED;
        for (String part : s.split(";")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("lane arbitration '" + spec + "': part '" + part
                        + "' is not key=value (keys: high, low, limit)");
            }
            switch (kv[0].trim()) {
                case "high" -> high.addAll(entries(spec, kv[1]));
                case "low" -> low.addAll(entries(spec, kv[1]));
                case "limit" -> limit = number(spec, kv[1].trim());
                default -> throw new IllegalArgumentException("lane arbitration '" + spec + "': unknown key '"
                        + kv[0].trim() + "' (keys: high, low, limit)");
            }
        }
        return new LaneArbitration(high, low, limit);
    }

    /** The arbitration in the form {@link #parse} reads. */
    public String spec() {
        if (isRoundRobin()) {
            return "rr";
        }
        List<String> parts = new ArrayList<>();
        if (!high.isEmpty()) {
            parts.add("high=" + table(high));
        }
        if (!low.isEmpty()) {
            parts.add("low=" + table(low));
        }
        if (limitOfHighPriority != UNLIMITED) {
            parts.add("limit=" + limitOfHighPriority);
        }
        return String.join(";", parts);
    }

    private static String table(List<Entry> t) {
        List<String> out = new ArrayList<>();
        for (Entry e : t) {
            out.add(e.lane() + ":" + e.weight());
        }
        return String.join(",", out);
    }

    private static List<Entry> entries(String spec, String list) {
        List<Entry> out = new ArrayList<>();
        for (String e : list.split(",")) {
            String[] lw = e.trim().split(":");
            if (lw.length != 2) {
                throw new IllegalArgumentException("lane arbitration '" + spec + "': entry '" + e.trim()
                        + "' is not LANE:WEIGHT");
            }
            out.add(new Entry(number(spec, lw[0].trim()), number(spec, lw[1].trim())));
        }
        return out;
    }

    private static int number(String spec, String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("lane arbitration '" + spec + "': '" + text + "' is not a number");
        }
    }
}
