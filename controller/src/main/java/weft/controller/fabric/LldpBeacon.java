package weft.controller.fabric;

import java.util.Map;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.discovery.Lldp;
import weft.controller.openflow.OpenFlowException;
import weft.controller.openflow.SwitchSession;
import weft.controller.program.FlowMods13;

/**
 * Sends LLDP frames out of a switch's ports (every port that is up, each round and when a switch connects or a
 * port comes up), and answers the first direction of a link seen with a frame back out of the receiving port.
 */
final class LldpBeacon {
    /** Logs as the service, so log lines read as they always have. */
    private static final Logger LOG = LoggerFactory.getLogger(FabricService.class);

    private LldpBeacon() {
    }

    /** Sends LLDP out of every port of the switch that is up. */
    static void send(SwitchSession session) {
        if (session.state() != SwitchSession.State.READY) {
            return;
        }
        try {
            for (Map.Entry<Integer, OFPortDesc> p : session.ports().entrySet()) {
                if (!PortStates.isDown(p.getValue())) {
                    session.send(FlowMods13.packetOut(p.getKey(),
                            Lldp.frame(session.dpid(), p.getKey(), p.getValue().getHwAddr().getBytes())));
                }
            }
        } catch (OpenFlowException e) {
            LOG.debug("LLDP to {} skipped: {}", session, e.getMessage());
        }
    }

    /** Sends LLDP back out of the port a first direction of a link arrived on: the other direction follows. */
    static void answer(SwitchSession session, int port) {
        OFPortDesc d = session.ports().get(port);
        if (d == null || session.state() != SwitchSession.State.READY) {
            return;
        }
        try {
            session.send(FlowMods13.packetOut(port, Lldp.frame(session.dpid(), port, d.getHwAddr().getBytes())));
        } catch (OpenFlowException e) {
            LOG.debug("LLDP answer from {} port {} skipped: {}", session, port, e.getMessage());
        }
    }
}
