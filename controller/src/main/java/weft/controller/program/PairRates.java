package weft.controller.program;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.rate.io.PairRatesFormatException;
import weft.model.rate.io.PairRatesJson;
import weft.model.topology.Host;
import weft.model.topology.Topology;

/**
 * A validated table of per-pair rates ({@code weft-pair-rates/1}, read by {@link PairRatesJson}), each with its
 * meter id.
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
    public static final String FORMAT = PairRatesJson.FORMAT;
    private static final ObjectMapper JSON = new ObjectMapper();

    public PairRates {
        rates = List.copyOf(rates);
    }

    /** No rated pairs. */
    public static PairRates none() {
        return new PairRates(List.of());
    }

    /**
     * Parses and validates a pair-rate table and gives each pair its meter id.
     *
     * @param origin   where the text came from (a file name, {@code PUT /api/rates}), for error messages
     * @param text     the JSON text
     * @param topology the configured topology (hosts and meter id positions)
     * @throws PairRatesException naming the origin, the entry ({@code rates[i] (src -> dst)}) and the problem
     */
    public static PairRates parse(String origin, String text, Topology topology) {
        List<PairRatesJson.Entry> entries;
        try {
            entries = PairRatesJson.read(origin, text, topology);
        } catch (PairRatesFormatException e) {
            throw new PairRatesException(e.getMessage());
        }
        Map<String, Integer> hostIndex = new HashMap<>();
        List<Host> hosts = topology.hosts();
        for (int i = 0; i < hosts.size(); i++) {
            hostIndex.put(hosts.get(i).id(), i);
        }
        List<PairRate> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            PairRatesJson.Entry e = entries.get(i);
            String where = origin + ": rates[" + i + "] (" + e.src() + " -> " + e.dst() + ")";
            out.add(new PairRate(e.src(), e.dst(), e.kbps(), e.burstKbits(),
                    meterId(topology, hostIndex, e.src(), e.dst(), where)));
        }
        return new PairRates(out);
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
        root.set("rates", JSON.valueToTree(rates));
        return root;
    }
}
