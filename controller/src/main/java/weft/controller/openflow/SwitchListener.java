package weft.controller.openflow;

import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortStatus;

/**
 * What a {@link SwitchSession} tells the rest of the controller. Calls arrive on the session's event loop thread:
 * implementations must not block it (hand long work to another executor).
 */
public interface SwitchListener {
    /** The handshake finished: dpid, features and ports are known. */
    void switchReady(SwitchSession session);

    /** The connection closed (after {@link #switchReady} or during the handshake). */
    void switchDisconnected(SwitchSession session);

    /** A port was added, removed or changed state. The session's port table is already updated. */
    default void portStatus(SwitchSession session, OFPortStatus status) {
    }

    /** A packet sent to the controller. */
    default void packetIn(SwitchSession session, OFPacketIn packetIn) {
    }

    /** An error whose xid matches no outstanding request or transaction. */
    default void unsolicitedError(SwitchSession session, OFErrorMsg error) {
    }
}
