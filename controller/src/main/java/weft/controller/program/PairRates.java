package weft.controller.program;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import weft.model.topology.Host;
import weft.model.topology.Topology;

/**
 * A validated table of per-pair rates ({@code weft-pair-rates/1}), each with its meter id.
 *
 * <p>Input: {@code {"rates": [{"src": "h1", "dst": "h2", "mbps": 50, "burst_kbit": 500}]}}; {@code burst_kbit}
 * is optional, {@code "format": "weft-pair-rates/1"} and an entry's {@code meter_id} (as {@link #toJson} writes
 * them) are accepted and ignored. Every host must be in the topology, a pair must not repeat, a source must not
 * be its own destination, and rates must be positive.
 *
 * <p>Burst rule (Decision): unless given, the burst is 100 ms at the rate, and at least ten 1500-byte frames (120
 * kbit). 100 ms is what the OVS meter measurement used (docs/sources.md §5: 10 Mbit/s, 1000 kbit: 9.90 Mbit/s of 50
 * offered); with 50 ms an 8 Mbit/s meter under-delivered by 5% on the loaded build machine, whose senders stall and
 * then burst. A 5 s measurement overshoots the rate by at most 2%.
 *
 * <p>Meter ids (Decision): {@code 0x57000000 + k·H + j}, where {@code H} is the number of hosts of the
 * configured topology, {@code k} the source's position among the hosts of its switch and {@code j} the
 * destination's position among all hosts. The id depends on the configured topology only, so it is the same
 * across recomputations after faults and after a rate change: a changed rate is a meter MODIFY, never a new
 * meter and new entries. Meters live on one switch each, so {@code k} (not the global source position) keeps
 * ids inside Weft's range ({@link FlowMods13#WEFT_METER_FIRST}..{@link FlowMods13#WEFT_METER_LAST}) for
 * fabrics of up to 16M host-pair slots per switch.
 *
 * @param rates the pairs, in input order
 */
public record PairRates(List<PairRate> rates) {
    /** The format name written by {@link #toJson}. */
    public static final String FORMAT = "weft-pair-rates/1";
    /** Default burst: this much time at the rate. */
    public static final long DEFAULT_BURST_MS = 100;
    /** Smallest default burst: ten 1500-byte frames. */
    public static final long MIN_BURST_KBIT = 120;
    private static final long MAX_KBPS = 0xffffffffL;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> FIELDS = Set.of("src", "dst", "mbps", "burst_kbit", "meter_id");

    public PairRates {
        rates = List.copyOf(rates);
    }

    /** No rated pairs. */
    public static PairRates none() {
        return new PairRates(List.of());
    }

    /** The default burst for a rate: {@link #DEFAULT_BURST_MS} at the rate, at least {@link #MIN_BURST_KBIT}. */
    public static long defaultBurstKbits(long kbps) {
        return Math.max(MIN_BURST_KBIT, kbps * DEFAULT_BURST_MS / 1000);
    }

    /**
     * Parses and validates a pair-rate table.
     *
     * @param origin   where the text came from (a file name, {@code PUT /api/rates}), for error messages
     * @param text     the JSON text
     * @param topology the configured topology (hosts and meter id positions)
     * @throws PairRatesException naming the origin, the entry ({@code rates[i] (src -> dst)}) and the problem
     */
    public static PairRates parse(String origin, String text, Topology topology) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new PairRatesException(origin + ": not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject() || !root.path("rates").isArray()) {
            throw new PairRatesException(origin + ": expected {\"rates\": [{\"src\": ..., \"dst\": ..., "
                    + "\"mbps\": ...}, ...]}");
        }
        JsonNode format = root.get("format");
        if (format != null && !FORMAT.equals(format.asText())) {
            throw new PairRatesException(origin + ": format " + format + " is not " + FORMAT);
        }
        Map<String, Integer> hostIndex = new HashMap<>();
        List<Host> hosts = topology.hosts();
        for (int i = 0; i < hosts.size(); i++) {
            hostIndex.put(hosts.get(i).id(), i);
        }
        Map<List<String>, Integer> seen = new HashMap<>();
        List<PairRate> out = new ArrayList<>();
        ArrayNode entries = (ArrayNode) root.get("rates");
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            String where = origin + ": rates[" + i + "]";
            if (!e.isObject()) {
                throw new PairRatesException(where + ": expected an object {\"src\", \"dst\", \"mbps\"}, got " + e);
            }
            for (Iterator<String> names = e.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!FIELDS.contains(name)) {
                    throw new PairRatesException(where + ": unknown field \"" + name + "\" (expected src, dst, "
                            + "mbps, burst_kbit)");
                }
            }
            String src = text(e, "src", where);
            String dst = text(e, "dst", where);
            where += " (" + src + " -> " + dst + ")";
            for (String h : List.of(src, dst)) {
                if (!hostIndex.containsKey(h)) {
                    throw new PairRatesException(where + ": unknown host " + h + "; topology " + topology.name()
                            + " has " + hosts.size() + " hosts" + (hosts.isEmpty() ? ""
                            : " (" + hosts.get(0).id() + " .. " + hosts.get(hosts.size() - 1).id() + ")"));
                }
            }
            if (src.equals(dst)) {
                throw new PairRatesException(where + ": a host is not a pair with itself");
            }
            Integer before = seen.putIfAbsent(List.of(src, dst), i);
            if (before != null) {
                throw new PairRatesException(where + ": duplicate pair, already rated in rates[" + before + "]");
            }
            JsonNode mbps = e.get("mbps");
            if (mbps == null || !mbps.isNumber()) {
                throw new PairRatesException(where + ": mbps must be a number, got " + mbps);
            }
            long kbps = Math.round(mbps.doubleValue() * 1000);
            if (mbps.doubleValue() <= 0 || kbps < 1 || kbps > MAX_KBPS) {
                throw new PairRatesException(where + ": mbps must be in 0.001.." + MAX_KBPS / 1000
                        + " (a meter rate is 1 kbit/s or more), got " + mbps);
            }
            long burst = defaultBurstKbits(kbps);
            JsonNode b = e.get("burst_kbit");
            if (b != null) {
                if (!b.canConvertToLong() || !b.isIntegralNumber() || b.longValue() < 1 || b.longValue() > MAX_KBPS) {
                    throw new PairRatesException(where + ": burst_kbit must be an integer in 1.." + MAX_KBPS
                            + ", got " + b);
                }
                burst = b.longValue();
            }
            out.add(new PairRate(src, dst, kbps, burst, meterId(topology, hostIndex, src, dst, where)));
        }
        return new PairRates(out);
    }

    private static String text(JsonNode e, String field, String where) {
        JsonNode v = e.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw new PairRatesException(where + ": " + field + " must be a host id, got " + v);
        }
        return v.asText();
    }

    private static long meterId(Topology t, Map<String, Integer> hostIndex, String src, String dst, String where) {
        Host s = t.requireHost(src);
        List<Host> local = t.hostsOf(s.switchId());
        long k = local.indexOf(s);
        long slot = k * t.hosts().size() + hostIndex.get(dst);
        if (FlowMods13.WEFT_METER_FIRST + slot > FlowMods13.WEFT_METER_LAST) {
            throw new PairRatesException(where + ": topology " + t.name() + " is too large for Weft's meter ids ("
                    + local.size() + " hosts on " + s.switchId() + " x " + t.hosts().size() + " hosts > "
                    + (FlowMods13.WEFT_METER_LAST - FlowMods13.WEFT_METER_FIRST + 1) + ")");
        }
        return FlowMods13.WEFT_METER_FIRST + slot;
    }

    /** The table as {@code weft-pair-rates/1} JSON, with each pair's burst and meter id. */
    public ObjectNode toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        ArrayNode arr = root.putArray("rates");
        for (PairRate r : rates) {
            ObjectNode e = arr.addObject();
            e.put("src", r.src());
            e.put("dst", r.dst());
            e.put("mbps", r.mbps());
            e.put("burst_kbit", r.burstKbits());
            e.put("meter_id", r.meterId());
        }
        return root;
    }
}
