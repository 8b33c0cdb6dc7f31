package weft.model.topology.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.generate.Addressing;

/**
 * InfiniBand topology text: import of {@code ibnetdiscover} output (and of ibsim net files, the same grammar), and
 * export to the ibsim net file that OpenSM runs against (docs/sources.md §4).
 *
 * <p>The grammar ({@code ibnetdiscover(8)}, ibsim {@code net-examples}): records separated by blank lines, each a
 * header {@code Switch 24 "S-005442ba00003080" # "ISR9024 Voltaire" base port 0 lid 6 lmc 0} (or {@code Ca}/
 * {@code Hca} with its port count and node id) followed by one line per connected port,
 * {@code [22] "H-0008f10403961354"[1](8f10403961355) # "MT23108" lid 4 4xSDR} on a switch or
 * {@code [1](8f10403960559) "S-0008f10400411f56"[23] # lid 3 lmc 0 "ISR9024" lid 6 4xSDR} on a CA. Lines such as
 * {@code vendid=}, {@code devid=}, {@code sysimgguid=}, {@code caguid=}, comments, {@code Non-Chassis Nodes} and
 * chassis headings are accepted and ignored, except {@code switchguid=0x...} which gives the next switch its GUID.
 *
 * <p>Mapping to Weft: every switch keeps its node id (or, with {@link Names#DESCRIPTION}, its NodeDescription) as
 * Weft id, and its port count; its dpid is its GUID (from
 * {@code switchguid=} or a {@code S-<hex>} node id), else the lowest number not used by any GUID, in file order.
 * Every connected CA port becomes a host attached to the switch port it is cabled to, named after the CA node id
 * (with {@code /port} appended when the CA has more than one connected port); its MAC and IPv4 address are
 * synthetic ({@link Addressing}, in file order), since InfiniBand has neither. Link capacity is the annotated
 * width times the nominal lane rate (SDR 2.5, DDR 5, QDR 10, FDR10 10, FDR 14, EDR 25, HDR 50, NDR 100, XDR 200
 * Gbit/s, so {@code 4xQDR} is 40), else the caller's default. A cable listed at both ends becomes one link, and
 * the two ends must agree.
 *
 * <p>Errors ({@link TopologyFormatException}) name the source and the line: malformed headers and port lines,
 * ports outside the node, a port listed twice, a peer that is not described, cables whose ends disagree, routers
 * ({@code Rt}) and CA-to-CA cables (no switch to attach to), and {@code include} lines (this reader cannot open
 * files).
 *
 * <p>Decision: one class of about 390 lines, the reader of one format: the line grammar, the cable matching and
 * the mapping above are read together when the format is checked against {@code ibnetdiscover(8)}.
 */
public final class IbnetdiscoverFormat {
    private static final Pattern HEADER = Pattern.compile("^(Switch|Ca|Hca|Rt)\\s+(\\d+)\\s+\"([^\"]+)\"(.*)$");
    private static final Pattern PORT = Pattern.compile(
            "^\\s*\\[(\\d+)](?:\\([0-9a-fA-F]+\\))?(?:\\[ext \\d+])?\\s*\"([^\"]+)\"\\s*(?:\\[(\\d+)])?"
                    + "(?:\\([0-9a-fA-F]+\\))?(?:\\[ext \\d+])?(.*)$");
    private static final Pattern SPEED = Pattern.compile("\\b(\\d+)x(SDR|DDR|QDR|FDR10|FDR|EDR|HDR|NDR|XDR)\\b");
    private static final Pattern GUID_ASSIGNMENT = Pattern.compile("^switchguid\\s*=\\s*(0x)?([0-9a-fA-F]+).*$");
    private static final Pattern GUID_NAME = Pattern.compile("^S-([0-9a-fA-F]{1,16})$");
    private static final Pattern DESCRIPTION = Pattern.compile("^\\s*#\\s*\"([^\"]*)\".*$");
    private static final Map<String, Double> LANE_GBPS = Map.of("SDR", 2.5, "DDR", 5.0, "QDR", 10.0, "FDR10", 10.0,
            "FDR", 14.0, "EDR", 25.0, "HDR", 50.0, "NDR", 100.0, "XDR", 200.0);
    /** Largest port count the ibsim net format allows. */
    static final int IBSIM_MAX_PORTS = 255;

    private IbnetdiscoverFormat() {
    }

    /** Which name a switch or CA gets in the Weft topology. */
    public enum Names {
        /** The node id of the file, e.g. {@code S-005442ba00003080} (always unique). */
        NODE_ID,
        /**
         * The NodeDescription in the header's comment, e.g. {@code "ISR9024 Voltaire"} or {@code "s5"} under
         * ibsim, where it is present and unique in the file; the node id otherwise.
         */
        DESCRIPTION
    }

    private record Node(String id, String description, boolean isSwitch, int ports, Long guid, int line,
            List<PortLine> lines) {
    }

    private record PortLine(int port, String peer, int peerPort, Double gbps, int line) {
    }

    /**
     * Reads {@code ibnetdiscover} output or an ibsim net file.
     *
     * @param source      file name for error messages
     * @param text        the file's content
     * @param defaultGbps capacity of cables without a width/speed annotation
     * @throws TopologyFormatException naming source, line and problem
     */
    public static Topology read(String source, String text, double defaultGbps) {
        return read(source, text, defaultGbps, Names.NODE_ID);
    }

    /** As {@link #read(String, String, double)}, naming switches and hosts as {@code names} says. */
    public static Topology read(String source, String text, double defaultGbps, Names names) {
        Map<String, Node> nodes = parse(source, text);
        return build(source, nodes, defaultGbps, names);
    }

    private static TopologyFormatException error(String source, int line, String problem) {
        return new TopologyFormatException(source, "line " + line, problem);
    }

    private static Map<String, Node> parse(String source, String text) {
        Map<String, Node> nodes = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        Node current = null;
        Long pendingGuid = null;
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i];
            String trimmed = line.strip();
            if (trimmed.isEmpty()) {
                current = null;
                continue;
            }
            if (trimmed.startsWith("#")) {
                continue;
            }
            if (trimmed.startsWith("[")) {
                if (current == null) {
                    throw error(source, lineNo, "port line outside a Switch/Ca record: " + trimmed);
                }
                current.lines().add(portLine(source, lineNo, trimmed, current));
                continue;
            }
            current = null;
            Matcher g = GUID_ASSIGNMENT.matcher(trimmed);
            if (g.matches()) {
                pendingGuid = parseGuid(source, lineNo, g.group(2));
                continue;
            }
            if (trimmed.startsWith("include")) {
                throw error(source, lineNo, "'include' is not supported; concatenate the files first");
            }
            if (!startsWithNodeType(trimmed)) {
                continue;
            }
            Matcher h = HEADER.matcher(trimmed);
            if (!h.matches()) {
                throw error(source, lineNo, "expected a node header like Switch 24 \"S-0008f10400411f56\", got: "
                        + trimmed);
            }
            String type = h.group(1);
            if (type.equals("Rt")) {
                throw error(source, lineNo, "router " + h.group(3) + ": routers are not supported");
            }
            int ports = parseCount(source, lineNo, h.group(2));
            String id = h.group(3);
            boolean isSwitch = type.equals("Switch");
            Long guid = null;
            if (isSwitch) {
                guid = pendingGuid;
                Matcher name = GUID_NAME.matcher(id);
                if (guid == null && name.matches()) {
                    guid = Long.parseUnsignedLong(name.group(1), 16);
                }
            }
            pendingGuid = null;
            Node previous = nodes.get(id);
            if (previous != null) {
                throw error(source, lineNo, "node " + id + " is already described at line " + previous.line());
            }
            Matcher description = DESCRIPTION.matcher(h.group(4));
            current = new Node(id, description.matches() ? description.group(1).strip() : "", isSwitch, ports, guid,
                    lineNo, new ArrayList<>());
            nodes.put(id, current);
        }
        return nodes;
    }

    private static boolean startsWithNodeType(String s) {
        return s.startsWith("Switch") || s.startsWith("Ca ") || s.startsWith("Ca\t") || s.startsWith("Hca")
                || s.startsWith("Rt ") || s.startsWith("Rt\t");
    }

    private static PortLine portLine(String source, int lineNo, String trimmed, Node node) {
        Matcher m = PORT.matcher(trimmed);
        if (!m.matches()) {
            throw error(source, lineNo, "expected a port line like [1] \"S-0008f10400411f56\"[3], got: " + trimmed);
        }
        int port = parseCount(source, lineNo, m.group(1));
        if (port < 1 || port > node.ports()) {
            throw error(source, lineNo, "port " + port + " of " + node.id() + " is outside 1.." + node.ports());
        }
        for (PortLine other : node.lines()) {
            if (other.port() == port) {
                throw error(source, lineNo, "port " + port + " of " + node.id() + " is already listed at line "
                        + other.line());
            }
        }
        int peerPort = m.group(3) == null ? 1 : parseCount(source, lineNo, m.group(3));
        Double gbps = null;
        Matcher speed = SPEED.matcher(m.group(4));
        if (speed.find()) {
            gbps = Integer.parseInt(speed.group(1)) * LANE_GBPS.get(speed.group(2).toUpperCase(Locale.ROOT));
        }
        return new PortLine(port, m.group(2), peerPort, gbps, lineNo);
    }

    private static int parseCount(String source, int lineNo, String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw error(source, lineNo, "number " + digits + " is too large");
        }
    }

    private static long parseGuid(String source, int lineNo, String hex) {
        if (hex.length() > 16) {
            throw error(source, lineNo, "GUID 0x" + hex + " has more than 16 hex digits");
        }
        return Long.parseUnsignedLong(hex, 16);
    }

    private static Map<String, String> weftNames(Map<String, Node> nodes, Names names) {
        Map<String, Integer> uses = new HashMap<>();
        for (Node n : nodes.values()) {
            uses.merge(n.description(), 1, Integer::sum);
        }
        Map<String, String> out = new HashMap<>();
        for (Node n : nodes.values()) {
            boolean useDescription = names == Names.DESCRIPTION && !n.description().isEmpty()
                    && uses.get(n.description()) == 1 && (n.description().equals(n.id())
                    || !nodes.containsKey(n.description()));
            out.put(n.id(), useDescription ? n.description() : n.id());
        }
        return out;
    }

    private static Topology build(String source, Map<String, Node> nodes, double defaultGbps, Names names) {
        Map<String, String> name = weftNames(nodes, names);
        Set<Long> usedGuids = new HashSet<>();
        for (Node n : nodes.values()) {
            if (n.guid() != null && !usedGuids.add(n.guid())) {
                throw error(source, n.line(), "switch " + n.id() + ": GUID " + String.format("0x%016x", n.guid())
                        + " is used by another switch");
            }
        }
        List<Switch> switches = new ArrayList<>();
        long nextDpid = 1;
        for (Node n : nodes.values()) {
            if (!n.isSwitch()) {
                continue;
            }
            long dpid;
            if (n.guid() != null) {
                dpid = n.guid();
            } else {
                while (usedGuids.contains(nextDpid)) {
                    nextDpid++;
                }
                dpid = nextDpid++;
            }
            switches.add(new Switch(name.get(n.id()), dpid, n.ports()));
        }
        Map<String, PortLine> ends = new HashMap<>();
        for (Node n : nodes.values()) {
            for (PortLine p : n.lines()) {
                ends.put(n.id() + "\u0000" + p.port(), p);
            }
        }
        Map<String, Set<Integer>> caPorts = cabledCaPorts(nodes);
        List<Host> hosts = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        Set<String> done = new HashSet<>();
        for (Node n : nodes.values()) {
            for (PortLine p : n.lines()) {
                Node peer = nodes.get(p.peer());
                if (peer == null) {
                    throw error(source, p.line(), "peer " + p.peer() + " of " + n.id() + " port " + p.port()
                            + " is not described in the file");
                }
                if (p.peerPort() > peer.ports()) {
                    throw error(source, p.line(), "port " + p.peerPort() + " of " + peer.id() + " is outside 1.."
                            + peer.ports() + " (header at line " + peer.line() + ")");
                }
                PortLine back = ends.get(peer.id() + "\u0000" + p.peerPort());
                if (back != null && (!back.peer().equals(n.id()) || back.peerPort() != p.port())) {
                    throw error(source, p.line(), n.id() + "[" + p.port() + "] is cabled to " + peer.id() + "["
                            + p.peerPort() + "], but line " + back.line() + " cables " + peer.id() + "["
                            + p.peerPort() + "] to " + back.peer() + "[" + back.peerPort() + "]");
                }
                String key = n.id().compareTo(peer.id()) < 0 || (n.id().equals(peer.id()) && p.port() < p.peerPort())
                        ? n.id() + "\u0000" + p.port() : peer.id() + "\u0000" + p.peerPort();
                if (!done.add(key)) {
                    continue;
                }
                double gbps = p.gbps() != null ? p.gbps() : back != null && back.gbps() != null ? back.gbps()
                        : defaultGbps;
                if (n.isSwitch() && peer.isSwitch()) {
                    links.add(new Link(name.get(n.id()), p.port(), name.get(peer.id()), p.peerPort(), gbps));
                } else if (n.isSwitch() || peer.isSwitch()) {
                    Node ca = n.isSwitch() ? peer : n;
                    Node sw = n.isSwitch() ? n : peer;
                    int caPort = n.isSwitch() ? p.peerPort() : p.port();
                    int swPort = n.isSwitch() ? p.port() : p.peerPort();
                    String caName = name.get(ca.id());
                    String id = caPorts.get(ca.id()).size() > 1 ? caName + "/" + caPort : caName;
                    hosts.add(new Host(id, "", "", name.get(sw.id()), swPort, gbps));
                } else {
                    throw error(source, p.line(), "CA " + n.id() + " is cabled to CA " + peer.id()
                            + "; only switch-attached CAs are supported");
                }
            }
        }
        List<Host> addressed = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            Host h = hosts.get(i);
            addressed.add(new Host(h.id(), Addressing.mac(i), Addressing.ip(i), h.switchId(), h.port(), h.gbps()));
        }
        try {
            return new Topology(source, switches, addressed, links);
        } catch (IllegalArgumentException e) {
            throw new TopologyFormatException(source, "", e.getMessage());
        }
    }

    /** Cabled ports per CA, from both ends of every cable. */
    private static Map<String, Set<Integer>> cabledCaPorts(Map<String, Node> nodes) {
        Map<String, Set<Integer>> cabled = new HashMap<>();
        for (Node n : nodes.values()) {
            for (PortLine p : n.lines()) {
                if (!n.isSwitch()) {
                    cabled.computeIfAbsent(n.id(), k -> new HashSet<>()).add(p.port());
                }
                Node peer = nodes.get(p.peer());
                if (peer != null && !peer.isSwitch()) {
                    cabled.computeIfAbsent(peer.id(), k -> new HashSet<>()).add(p.peerPort());
                }
            }
        }
        return cabled;
    }

    /**
     * Writes the topology as an ibsim net file: a {@code Switch} record per switch listing every cabled port
     * (switch links and hosts, in port order), then a one-port {@code Hca} record per host. Node ids are the
     * Weft ids, so OpenSM's dumps name Weft switches and hosts. ibsim uses the first port in the file as the SM
     * port unless {@code SIM_HOST} names another node.
     *
     * @throws IllegalArgumentException naming the switch when it has more than 255 ports or an id contains a
     *                                  double quote, which the format cannot express
     */
    public static String writeIbsim(Topology t) {
        StringBuilder out = new StringBuilder();
        out.append("# ibsim net file exported by weft from topology \"").append(t.name().replace("\n", " "))
                .append("\"\n# ").append(t.switches().size()).append(" switches, ").append(t.hosts().size())
                .append(" hosts, ").append(t.links().size()).append(" links\n\n");
        Map<String, Map<Integer, String>> portLines = new HashMap<>();
        for (Switch s : t.switches()) {
            checkExportable("switch", s.id());
            if (s.ports() > IBSIM_MAX_PORTS) {
                throw new IllegalArgumentException("switch " + s.id() + " has " + s.ports()
                        + " ports; the ibsim net format allows at most " + IBSIM_MAX_PORTS);
            }
            portLines.put(s.id(), new java.util.TreeMap<>());
        }
        for (Link l : t.links()) {
            portLines.get(l.a()).put(l.aPort(), "\"" + l.b() + "\"[" + l.bPort() + "]");
            portLines.get(l.b()).put(l.bPort(), "\"" + l.a() + "\"[" + l.aPort() + "]");
        }
        for (Host h : t.hosts()) {
            checkExportable("host", h.id());
            portLines.get(h.switchId()).put(h.port(), "\"" + h.id() + "\"[1]");
        }
        for (Switch s : t.switches()) {
            out.append("Switch\t").append(s.ports()).append(" \"").append(s.id()).append("\"\n");
            for (Map.Entry<Integer, String> e : portLines.get(s.id()).entrySet()) {
                out.append('[').append(e.getKey()).append("]\t").append(e.getValue()).append('\n');
            }
            out.append('\n');
        }
        for (Host h : t.hosts()) {
            out.append("Hca\t1 \"").append(h.id()).append("\"\n[1]\t\"").append(h.switchId()).append("\"[")
                    .append(h.port()).append("]\n\n");
        }
        return out.toString();
    }

    private static void checkExportable(String what, String id) {
        if (id.contains("\"") || id.contains("\n")) {
            throw new IllegalArgumentException(what + " " + id + ": an id with a double quote or newline cannot be"
                    + " written in the ibsim net format");
        }
    }
}
