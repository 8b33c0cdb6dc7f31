package weft.controller.fabric;

import java.util.List;
import java.util.Map;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import weft.controller.discovery.Discovery;
import weft.controller.openflow.SwitchSession;
import weft.model.topology.Topology;

/**
 * The switch and port events of a configured fabric (worker thread): a switch that connects is reconciled with
 * the current program, or triggers a fabric update when it changes the {@link LinkFaults}; a link port that goes
 * down (or up) or a switch that disconnects triggers one at once. Discovery only records what is seen, for the
 * check against the configured fabric.
 */
final class ConfiguredMode extends FabricMode {
    private final Topology configured;
    private final LinkFaults faults;

    /**
     * @param configured   the fabric as configured
     * @param discovery    what LLDP and first packets show, compared with the configured fabric
     * @param faults       the failed links and lost switches
     * @param programmer   routes and programs the fabric
     * @param switchByDpid the configured switches' ids by datapath id
     * @param sessions     connected switches by id
     * @param log          where switch and port events are reported
     */
    ConfiguredMode(Topology configured, Discovery discovery, LinkFaults faults, FabricProgrammer programmer,
                   Map<Long, String> switchByDpid, Map<String, SwitchSession> sessions, EventLog log) {
        super(discovery, programmer, switchByDpid, sessions, log);
        this.configured = configured;
        this.faults = faults;
    }

    /** A switch connects: an unknown dpid is reported and left alone; a known one is reconciled or rerouted. */
    @Override
    void switchUp(SwitchSession session) {
        String id = switchByDpid.get(session.dpid());
        if (id == null) {
            log.event(FabricEvent.Kind.UNKNOWN_SWITCH, "dpid " + session.dpidHex() + " at " + session.remote()
                    + " is not in topology " + configured.name() + "; not programmed");
            return;
        }
        sessions.put(id, session);
        discovery.switchSeen(session.dpid(), session.ports().keySet());
        if (programmer.mayWrite()) {
            LldpBeacon.send(session);
        }
        log.event(FabricEvent.Kind.SWITCH_UP, id + " (dpid " + session.dpidHex() + ") at " + session.remote());
        if (faults.switchUp(id, session.ports())) {
            programmer.recomputeAndSync(id + " connected");
        } else {
            programmer.sync(List.of(session), id + " connected");
        }
    }

    /** Switch {@code id} disconnected (already forgotten by discovery): routed around at once. */
    @Override
    void switchDown(String id) {
        faults.switchLost(id);
        programmer.recomputeAndSync(id + " disconnected");
    }

    /** A port changed: a link whose port went down (or whose ports are both up again) is rerouted at once. */
    @Override
    void portStatus(SwitchSession session, String id, OFPortStatus status) {
        int port = status.getDesc().getPortNo().getPortNumber();
        Integer link = programmer.wiring().linkByPort().get(id + ":" + port);
        boolean down = PortStates.wentDown(status);
        if (down) {
            discovery.portDown(session.dpid(), port);
        } else if (programmer.mayWrite()) {
            LldpBeacon.send(session);
        }
        log.event(down ? FabricEvent.Kind.PORT_DOWN : FabricEvent.Kind.PORT_UP, id + " port " + port
                + (link == null ? " (not a switch link)" : " (" + describe(link) + ")"));
        if (link == null) {
            return;
        }
        boolean changed = faults.linkPort(id, link, down);
        if (changed) {
            programmer.recomputeAndSync("link " + describe(link) + (down ? " down" : " up"));
        }
    }

    /** The new master reconciles every connected switch with the current program. */
    @Override
    void becameMaster(long epoch) {
        programmer.sync(sessions.values(), "takeover at epoch " + epoch);
    }

    private String describe(int link) {
        return programmer.wiring().describe(link);
    }
}
