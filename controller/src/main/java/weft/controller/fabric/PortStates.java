package weft.controller.fabric;

import java.util.HashMap;
import java.util.Map;
import org.projectfloodlight.openflow.protocol.OFPortConfig;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortReason;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import weft.controller.openflow.SwitchSession;

/** What a switch's port descriptions say: whether a port is down, and the current speed of each port. */
final class PortStates {
    private PortStates() {
    }

    /** True when a PORT_STATUS says the port was deleted, has no link or is administratively down. */
    static boolean wentDown(OFPortStatus status) {
        return status.getReason() == OFPortReason.DELETE || isDown(status.getDesc());
    }

    /** True when the port has no link or is administratively down. */
    static boolean isDown(OFPortDesc d) {
        return d.getState().contains(OFPortState.LINK_DOWN) || d.getConfig().contains(OFPortConfig.PORT_DOWN);
    }

    /** Current speed (kbit/s, as OpenFlow reports it) of every port of the switch, by port number. */
    static Map<Integer, Long> speeds(SwitchSession session) {
        Map<Integer, Long> out = new HashMap<>();
        for (Map.Entry<Integer, OFPortDesc> p : session.ports().entrySet()) {
            out.put(p.getKey(), p.getValue().getCurrSpeed());
        }
        return out;
    }
}
