package weft.model.topology.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.io.JsonInput;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyDocument.HostEntry;
import weft.model.topology.io.TopologyDocument.LinkEntry;
import weft.model.topology.io.TopologyDocument.SwitchEntry;

/**
 * Reads and writes the {@value #FORMAT} JSON file, the topology contract every Weft tool relies on (documented in
 * {@code docs/topology-format.md}).
 *
 * <p>Reading is strict and every error names the source, the location and the problem: syntax errors give line and
 * column ({@code "t.json: line 3, column 5: ..."}); everything else gives the JSON path of the offending field
 * ({@code "t.json: links[3].b: unknown switch s9"}, {@code "t.json: hosts[0].port: expected an integer, got
 * string \"1\""}). It rejects a missing or different {@code format}, missing fields, wrong types, unknown fields,
 * duplicate keys, unknown switches, ports outside a switch and ports used twice; the remaining invariants
 * (addresses, duplicates, self-loops) are checked by the {@link Topology} constructor and reported with the source
 * prefixed.
 *
 * <p>Size limits (every topology input is bounded before anything is built from it): at most {@link #MAX_CHARS}
 * characters, {@link #MAX_SWITCHES} switches, {@link #MAX_HOSTS} hosts, {@link #MAX_LINKS} links,
 * {@link #MAX_PORTS} ports on a switch and {@link #MAX_TOTAL_PORTS} ports in all. Decision: 65,536 switches is more
 * than an InfiniBand subnet can address (49,151 unicast LIDs) and keeps every per-switch table of the engines in
 * memory; the character limit is about 30 times the 16-ary 3-tree's file.
 *
 * <p>Writing is deterministic: fields in the documented order, one switch, host or link per line, links with their
 * {@code latency_us}. Reading what was written gives an equal topology.
 */
public final class TopologyJson {
    /** The format tag this class reads and writes. */
    public static final String FORMAT = "weft-topology/1";

    /** The longest topology text read, in characters. */
    public static final long MAX_CHARS = 32L << 20;
    /** The most switches a topology may have. */
    public static final int MAX_SWITCHES = 65_536;
    /** The most hosts a topology may have. */
    public static final int MAX_HOSTS = 1 << 20;
    /** The most links a topology may have. */
    public static final int MAX_LINKS = 1 << 20;
    /** The most ports one switch may have. */
    public static final int MAX_PORTS = 65_535;
    /** The most ports all switches together may have. */
    public static final long MAX_TOTAL_PORTS = 1L << 22;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final List<String> TOP = List.of("format", "name", "switches", "hosts", "links");
    private static final List<String> SWITCH = List.of("id", "dpid", "ports");
    private static final List<String> HOST = List.of("id", "mac", "ip", "switch", "port", "gbps");
    private static final List<String> LINK = List.of("a", "a_port", "b", "b_port", "gbps", "latency_us");

    private TopologyJson() {
    }

    /**
     * Reads a topology from JSON text.
     *
     * @param source the file name (or other source name) used in error messages
     * @throws TopologyFormatException naming source, location and problem
     */
    public static Topology read(String source, String text) {
        return toTopology(source, readDocument(source, text));
    }

    /** Reads a topology from a reader; see {@link #read(String, String)}. */
    public static Topology read(String source, Reader reader) throws IOException {
        StringBuilder text = new StringBuilder();
        char[] buffer = new char[8192];
        for (int r = reader.read(buffer); r >= 0; r = reader.read(buffer)) {
            text.append(buffer, 0, r);
        }
        return read(source, text.toString());
    }

    /** Parses and type-checks the file into its records, without the cross-reference checks. */
    public static TopologyDocument readDocument(String source, String text) {
        JsonInput f = input(source);
        JsonNode root = f.object(f.versioned(f.parse(text, MAX_CHARS, "a " + FORMAT + " file"), FORMAT, true,
                "topology"), "", TOP);
        String name = f.optionalText(root, "", "name", "");
        List<SwitchEntry> switches = new ArrayList<>();
        JsonNode sw = f.atMost(f.array(root, "", "switches", true), "switches", MAX_SWITCHES, "switches", "a topology");
        long totalPorts = 0;
        for (int i = 0; i < sw.size(); i++) {
            String p = "switches[" + i + "]";
            JsonNode o = f.object(sw.get(i), p, SWITCH);
            SwitchEntry s = new SwitchEntry(f.text(o, p, "id"), dpidText(f, o, p), f.integer(o, p, "ports"));
            if (s.ports() > MAX_PORTS) {
                throw f.error(p + ".ports", String.format("%,d ports, more than the %,d a switch may have", s.ports(),
                        MAX_PORTS));
            }
            totalPorts += Math.max(0, s.ports());
            if (totalPorts > MAX_TOTAL_PORTS) {
                throw f.error(p + ".ports", String.format("%,d ports in switches[0..%d], more than the %,d a "
                        + "topology may have in all", totalPorts, i, MAX_TOTAL_PORTS));
            }
            switches.add(s);
        }
        List<HostEntry> hosts = f.objects(f.atMost(f.array(root, "", "hosts", false), "hosts", MAX_HOSTS, "hosts",
                "a topology"), "hosts", HOST, (o, p) -> new HostEntry(f.text(o, p, "id"), f.text(o, p, "mac"),
                f.text(o, p, "ip"), f.text(o, p, "switch"), f.integer(o, p, "port"), f.number(o, p, "gbps")));
        List<LinkEntry> links = f.objects(f.atMost(f.array(root, "", "links", false), "links", MAX_LINKS, "links",
                "a topology"), "links", LINK, (o, p) -> new LinkEntry(f.text(o, p, "a"), f.integer(o, p, "a_port"),
                f.text(o, p, "b"), f.integer(o, p, "b_port"), f.number(o, p, "gbps"),
                f.optionalNumber(o, p, "latency_us")));
        return new TopologyDocument(FORMAT, name, switches, hosts, links);
    }

    private static JsonInput input(String source) {
        return new JsonInput((location, problem) -> new TopologyFormatException(source, location, problem));
    }

    private static String dpidText(JsonInput f, JsonNode o, String p) {
        JsonNode v = f.require(o, p, "dpid", "16 hex digits");
        if (v.isIntegralNumber() && v.canConvertToLong() && v.longValue() >= 0) {
            return String.format("%016x", v.longValue());
        }
        if (!v.isTextual()) {
            throw f.error(p + ".dpid", "expected a string of up to 16 hex digits, got " + JsonInput.describe(v));
        }
        return v.textValue();
    }

    /** Parses a dpid written as up to 16 hex digits, optionally with {@code 0x} or {@code :} separators. */
    static long parseDpid(String text) {
        String hex = text.trim().replace(":", "");
        if (hex.startsWith("0x") || hex.startsWith("0X")) {
            hex = hex.substring(2);
        }
        if (hex.isEmpty() || hex.length() > 16 || !hex.matches("[0-9a-fA-F]+")) {
            throw new NumberFormatException(text);
        }
        return Long.parseUnsignedLong(hex, 16);
    }

    /**
     * Checks the cross-references of a document and builds the topology.
     *
     * @throws TopologyFormatException naming the field of the first broken reference or invariant
     */
    public static Topology toTopology(String source, TopologyDocument doc) {
        JsonInput f = input(source);
        Map<String, Integer> ports = new HashMap<>();
        Map<String, String> idOwner = new HashMap<>();
        List<Switch> switches = new ArrayList<>();
        for (int i = 0; i < doc.switches().size(); i++) {
            SwitchEntry s = doc.switches().get(i);
            String p = "switches[" + i + "]";
            String previous = idOwner.putIfAbsent(s.id(), p);
            if (previous != null) {
                throw f.error(p + ".id", "duplicate switch id " + s.id() + " (also " + previous + ")");
            }
            if (s.ports() < 1) {
                throw f.error(p + ".ports", "must be >= 1, got " + s.ports());
            }
            long dpid;
            try {
                dpid = parseDpid(s.dpid());
            } catch (NumberFormatException e) {
                throw f.error(p + ".dpid", "\"" + s.dpid() + "\" is not a datapath id (expected up to 16 hex digits,"
                        + " e.g. \"0000000000000001\")");
            }
            switches.add(new Switch(s.id(), dpid, s.ports()));
            ports.put(s.id(), s.ports());
        }
        Map<String, String> portOwner = new HashMap<>();
        List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < doc.hosts().size(); i++) {
            HostEntry h = doc.hosts().get(i);
            String p = "hosts[" + i + "]";
            claim(f, ports, portOwner, p + ".switch", p + ".port", h.switchId(), h.port());
            if (!(h.gbps() > 0)) {
                throw f.error(p + ".gbps", "must be > 0, got " + h.gbps());
            }
            hosts.add(wrap(source, () -> new Host(h.id(), h.mac(), h.ip(), h.switchId(), h.port(), h.gbps())));
        }
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < doc.links().size(); i++) {
            LinkEntry l = doc.links().get(i);
            String p = "links[" + i + "]";
            claim(f, ports, portOwner, p + ".a", p + ".a_port", l.a(), l.aPort());
            claim(f, ports, portOwner, p + ".b", p + ".b_port", l.b(), l.bPort());
            if (!(l.gbps() > 0)) {
                throw f.error(p + ".gbps", "must be > 0, got " + l.gbps());
            }
            if (l.latencyUs() != null && !(l.latencyUs() >= 0)) {
                throw f.error(p + ".latency_us", "must be >= 0, got " + l.latencyUs());
            }
            double latency = l.latencyUs() == null ? Link.DEFAULT_LATENCY_US : l.latencyUs();
            links.add(wrap(source, () -> new Link(l.a(), l.aPort(), l.b(), l.bPort(), l.gbps(), latency)));
        }
        return wrap(source, () -> new Topology(doc.name(), switches, hosts, links));
    }

    private static void claim(JsonInput f, Map<String, Integer> ports, Map<String, String> owner,
            String switchField, String portField, String switchId, int port) {
        Integer max = ports.get(switchId);
        if (max == null) {
            throw f.error(switchField, "unknown switch " + switchId);
        }
        if (port < 1 || port > max) {
            throw f.error(portField, "port " + port + " of " + switchId + " is outside 1.." + max);
        }
        String previous = owner.putIfAbsent(switchId + ":" + port, portField);
        if (previous != null) {
            throw f.error(portField, "port " + port + " of " + switchId + " already used by " + previous);
        }
    }

    private interface Build<T> {
        T get();
    }

    private static <T> T wrap(String source, Build<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw new TopologyFormatException(source, "", e.getMessage());
        }
    }

    /** The document for a topology, as {@link #write(Topology)} writes it. */
    public static TopologyDocument toDocument(Topology t) {
        List<SwitchEntry> switches = new ArrayList<>();
        for (Switch s : t.switches()) {
            switches.add(new SwitchEntry(s.id(), s.dpidHex(), s.ports()));
        }
        List<HostEntry> hosts = new ArrayList<>();
        for (Host h : t.hosts()) {
            hosts.add(new HostEntry(h.id(), h.mac(), h.ip(), h.switchId(), h.port(), h.gbps()));
        }
        List<LinkEntry> links = new ArrayList<>();
        for (Link l : t.links()) {
            links.add(new LinkEntry(l.a(), l.aPort(), l.b(), l.bPort(), l.gbps(), l.latencyUs()));
        }
        return new TopologyDocument(FORMAT, t.name(), switches, hosts, links);
    }

    /** The topology as {@value #FORMAT} text, one element per line, ending in a newline. */
    public static String write(Topology t) {
        StringWriter out = new StringWriter();
        try {
            write(t, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Writes the topology as {@value #FORMAT} text. */
    public static void write(Topology t, Writer out) throws IOException {
        TopologyDocument doc = toDocument(t);
        out.write("{\n  \"format\": " + MAPPER.writeValueAsString(FORMAT) + ",\n");
        out.write("  \"name\": " + MAPPER.writeValueAsString(doc.name()) + ",\n");
        writeArray(out, "switches", doc.switches(), true);
        writeArray(out, "hosts", doc.hosts(), true);
        writeArray(out, "links", doc.links(), false);
        out.write("}\n");
    }

    private static void writeArray(Writer out, String field, List<?> items, boolean more) throws IOException {
        out.write("  \"" + field + "\": [");
        for (int i = 0; i < items.size(); i++) {
            out.write(i == 0 ? "\n    " : ",\n    ");
            out.write(MAPPER.writeValueAsString(items.get(i)));
        }
        out.write(items.isEmpty() ? "]" : "\n  ]");
        out.write(more ? ",\n" : "\n");
    }
}
