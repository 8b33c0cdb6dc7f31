package weft.model.rate.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.io.JsonInput;
import weft.model.topology.Host;
import weft.model.topology.Topology;

/**
 * Reads {@code weft-pair-rates/1}, the per-pair rate table of {@code weft controller run --rates} and
 * {@code PUT /api/rates}: {@code {"rates": [{"src": "h1", "dst": "h2", "mbps": 50, "burst_kbit": 500}]}}.
 * {@code burst_kbit} is optional; {@code "format": "weft-pair-rates/1"} and an entry's {@code meter_id} (as the
 * controller writes them) are accepted and ignored. Every host must be in the topology, a pair must not repeat, a
 * source must not be its own destination, and rates must be positive.
 *
 * <p>Burst rule (Decision): unless given, the burst is 100 ms at the rate, and at least ten 1500-byte frames (120
 * kbit). 100 ms is what the OVS meter measurement used (docs/sources.md §5: 10 Mbit/s, 1000 kbit: 9.90 Mbit/s of 50
 * offered); with 50 ms an 8 Mbit/s meter under-delivered by 5% on the loaded build machine, whose senders stall and
 * then burst. A 5 s measurement overshoots the rate by at most 2%.
 */
public final class PairRatesJson {
    /** The format tag. */
    public static final String FORMAT = "weft-pair-rates/1";
    /** The longest table read, in characters. */
    public static final long MAX_CHARS = 16L << 20;
    /** The most pairs a table may rate. */
    public static final int MAX_PAIRS = 1 << 18;
    /** Default burst: this much time at the rate. */
    public static final long DEFAULT_BURST_MS = 100;
    /** Smallest default burst: ten 1500-byte frames. */
    public static final long MIN_BURST_KBIT = 120;
    /** The largest rate and burst an OpenFlow 1.3 meter band holds (32 bits of kbit/s). */
    public static final long MAX_KBPS = 0xffffffffL;

    private static final List<String> TOP = List.of("format", "rates");
    private static final List<String> ENTRY = List.of("src", "dst", "mbps", "burst_kbit", "meter_id");

    /**
     * One rated pair.
     *
     * @param src        source host id
     * @param dst        destination host id
     * @param kbps       the rate, kbit/s
     * @param burstKbits the burst, kbit
     */
    public record Entry(String src, String dst, long kbps, long burstKbits) {
    }

    private PairRatesJson() {
    }

    /** The default burst for a rate: {@link #DEFAULT_BURST_MS} at the rate, at least {@link #MIN_BURST_KBIT}. */
    public static long defaultBurstKbits(long kbps) {
        return Math.max(MIN_BURST_KBIT, kbps * DEFAULT_BURST_MS / 1000);
    }

    /**
     * Parses and validates a pair-rate table against a topology.
     *
     * @param origin where the text came from (a file name, {@code PUT /api/rates}), for error messages
     * @throws PairRatesFormatException naming the origin, the entry ({@code rates[i] (src -> dst)}) and the problem
     */
    public static List<Entry> read(String origin, String text, Topology topology) {
        JsonInput in = new JsonInput((location, problem) -> new PairRatesFormatException(origin + ": "
                + (location.isEmpty() ? "" : location + ": ") + problem));
        JsonNode root = in.object(in.versioned(in.parse(text, MAX_CHARS, "a " + FORMAT + " table"), FORMAT, false,
                "pair-rates"), "", TOP);
        JsonNode entries = in.atMost(in.array(root, "", "rates", true), "rates", MAX_PAIRS, "pairs", "a table");
        List<Host> hosts = topology.hosts();
        Map<String, Integer> hostIndex = new HashMap<>();
        for (int i = 0; i < hosts.size(); i++) {
            hostIndex.put(hosts.get(i).id(), i);
        }
        Map<List<String>, Integer> seen = new HashMap<>();
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            String at = "rates[" + i + "]";
            JsonNode e = in.object(entries.get(i), at, ENTRY);
            String src = in.name(e, at, "src");
            String dst = in.name(e, at, "dst");
            at += " (" + src + " -> " + dst + ")";
            for (String h : List.of(src, dst)) {
                if (!hostIndex.containsKey(h)) {
                    throw in.error(at, "unknown host " + h + "; topology " + topology.name() + " has "
                            + hosts.size() + " hosts" + (hosts.isEmpty() ? ""
                            : " (" + hosts.get(0).id() + " .. " + hosts.get(hosts.size() - 1).id() + ")"));
                }
            }
            if (src.equals(dst)) {
                throw in.error(at, "a host is not a pair with itself");
            }
            Integer before = seen.putIfAbsent(List.of(src, dst), i);
            if (before != null) {
                throw in.error(at, "duplicate pair, already rated in rates[" + before + "]");
            }
            JsonNode mbps = e.get("mbps");
            if (mbps == null || !mbps.isNumber()) {
                throw in.error(at, "mbps must be a number, got " + mbps);
            }
            long kbps = Math.round(mbps.doubleValue() * 1000);
            if (mbps.doubleValue() <= 0 || kbps < 1 || kbps > MAX_KBPS) {
                throw in.error(at, "mbps must be in 0.001.." + MAX_KBPS / 1000
                        + " (a meter rate is 1 kbit/s or more), got " + mbps);
            }
            long burst = defaultBurstKbits(kbps);
            JsonNode b = e.get("burst_kbit");
            if (b != null) {
                if (!b.canConvertToLong() || !b.isIntegralNumber() || b.longValue() < 1 || b.longValue() > MAX_KBPS) {
                    throw in.error(at, "burst_kbit must be an integer in 1.." + MAX_KBPS + ", got " + b);
                }
                burst = b.longValue();
            }
            out.add(new Entry(src, dst, kbps, burst));
        }
        return out;
    }
}
