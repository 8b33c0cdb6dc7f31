package weft.controller.fabric;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import weft.controller.openflow.SwitchSession;
import weft.model.topology.Link;
import weft.model.topology.Topology;

/**
 * The faults of a configured fabric (worker thread only): links whose port is down and switches that
 * disconnected. A link comes back only when the ports at both ends are up (an unconnected peer counts as up);
 * the routes are computed on the {@link #remaining} topology.
 */
final class LinkFaults {
    private final Wiring wiring;
    private final Map<String, SwitchSession> sessions;
    private final Set<Integer> failedLinks = new HashSet<>();
    private final Set<String> lostSwitches = new HashSet<>();

    /**
     * @param wiring   the configured fabric's link indices
     * @param sessions connected switches by id, for the state of a link's other port
     */
    LinkFaults(Wiring wiring, Map<String, SwitchSession> sessions) {
        this.wiring = wiring;
        this.sessions = sessions;
    }

    /** The configured fabric without the failed links and lost switches. */
    Topology remaining(Topology configured) {
        return RemainingTopology.of(configured, failedLinks, lostSwitches);
    }

    /**
     * Switch {@code id} connected with these ports: it is no longer lost, its links whose port is down fail and
     * its failed links whose ports are up at both ends return.
     *
     * @return true when the faults changed
     */
    boolean switchUp(String id, Map<Integer, OFPortDesc> ports) {
        boolean changed = lostSwitches.remove(id);
        for (Map.Entry<Integer, OFPortDesc> p : ports.entrySet()) {
            Integer link = wiring.linkByPort().get(id + ":" + p.getKey());
            if (link != null && PortStates.isDown(p.getValue()) && failedLinks.add(link)) {
                changed = true;
            } else if (link != null && !PortStates.isDown(p.getValue()) && failedLinks.contains(link)
                    && peerPortUp(link, id)) {
                failedLinks.remove(link);
                changed = true;
            }
        }
        return changed;
    }

    /** Switch {@code id} disconnected. */
    void switchLost(String id) {
        lostSwitches.add(id);
    }

    /**
     * The port of {@code link} at switch {@code id} went down (the link fails) or came up (the link returns if
     * the other end is up too).
     *
     * @return true when the faults changed
     */
    boolean linkPort(String id, int link, boolean down) {
        return down ? failedLinks.add(link) : failedLinks.contains(link) && peerPortUp(link, id)
                && failedLinks.remove(link);
    }

    private boolean peerPortUp(int link, String fromSwitch) {
        Link l = wiring.topology().links().get(link);
        String peer = l.a().equals(fromSwitch) ? l.b() : l.a();
        int peerPort = l.a().equals(fromSwitch) ? l.bPort() : l.aPort();
        SwitchSession s = sessions.get(peer);
        if (s == null) {
            return true;
        }
        OFPortDesc d = s.ports().get(peerPort);
        return d != null && !PortStates.isDown(d);
    }
}
