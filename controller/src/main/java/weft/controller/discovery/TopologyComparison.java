package weft.controller.discovery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Compares a configured topology with a discovered one and lists every difference in switches (by dpid),
 * links (as unordered pairs of switch ports) and hosts (by MAC: IP and attachment point).
 */
public final class TopologyComparison {
    private TopologyComparison() {
    }

    /**
     * The differences, one line each, empty when the two agree.
     *
     * @param checkHosts false to skip hosts (they are only seen once they send)
     */
    public static List<String> differences(Topology configured, Topology discovered, boolean checkHosts) {
        List<String> out = new ArrayList<>();
        Map<Long, Switch> seen = new HashMap<>();
        for (Switch s : discovered.switches()) {
            seen.put(s.dpid(), s);
        }
        for (Switch s : configured.switches()) {
            if (seen.remove(s.dpid()) == null) {
                out.add("switch " + s.id() + " (dpid " + s.dpidHex() + ") is configured but not connected");
            }
        }
        for (Switch s : seen.values()) {
            out.add("switch dpid " + s.dpidHex() + " is connected but not configured");
        }
        Set<String> want = new HashSet<>();
        for (Link l : configured.links()) {
            want.add(key(l));
        }
        Set<String> got = new HashSet<>();
        for (Link l : discovered.links()) {
            got.add(key(l));
        }
        for (String k : want) {
            if (!got.contains(k)) {
                out.add("link " + k + " is configured but LLDP did not find it");
            }
        }
        for (String k : got) {
            if (!want.contains(k)) {
                out.add("link " + k + " was found by LLDP but is not configured");
            }
        }
        if (checkHosts) {
            Map<String, Host> found = new HashMap<>();
            for (Host h : discovered.hosts()) {
                found.put(h.mac().toLowerCase(), h);
            }
            for (Host h : configured.hosts()) {
                Host f = found.remove(h.mac().toLowerCase());
                if (f == null) {
                    out.add("host " + h.id() + " (" + h.mac() + ") has not been seen");
                } else if (!f.ip().equals(h.ip()) || !f.switchId().equals(h.switchId()) || f.port() != h.port()) {
                    out.add("host " + h.id() + " is configured as " + h.ip() + " at " + h.switchId() + ":"
                            + h.port() + " but was seen as " + f.ip() + " at " + f.switchId() + ":" + f.port());
                }
            }
            for (Host f : found.values()) {
                out.add("host " + f.mac() + " (" + f.ip() + ") at " + f.switchId() + ":" + f.port()
                        + " is not configured");
            }
        }
        out.sort(String::compareTo);
        return out;
    }

    private static String key(Link l) {
        String a = l.a() + ":" + l.aPort();
        String b = l.b() + ":" + l.bPort();
        return a.compareTo(b) < 0 ? a + "-" + b : b + "-" + a;
    }
}
