package weft.controller.fabric;

import java.util.Map;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import weft.controller.discovery.Discovery;
import weft.controller.openflow.SwitchSession;

/**
 * How the fabric service learns its switches and when it routes (worker thread): a configured fabric
 * ({@link ConfiguredMode}) or discover mode ({@link DiscoverMode}). The service runs exactly one mode and hands it
 * every switch and port event; the mode holds what both need to name, record and program the switches.
 */
abstract sealed class FabricMode permits ConfiguredMode, DiscoverMode {
    /** What LLDP, first packets and registrations show. */
    protected final Discovery discovery;
    /** Routes and programs the fabric. */
    protected final FabricProgrammer programmer;
    /** Switch ids by datapath id. */
    protected final Map<Long, String> switchByDpid;
    /** Connected switches by id. */
    protected final Map<String, SwitchSession> sessions;
    /** Where switch and port events are reported. */
    protected final EventLog log;

    FabricMode(Discovery discovery, FabricProgrammer programmer, Map<Long, String> switchByDpid,
               Map<String, SwitchSession> sessions, EventLog log) {
        this.discovery = discovery;
        this.programmer = programmer;
        this.switchByDpid = switchByDpid;
        this.sessions = sessions;
        this.log = log;
    }

    /** A switch connected and is ready (its dpid not contested). */
    abstract void switchUp(SwitchSession session);

    /** Switch {@code id} disconnected (already forgotten by discovery). */
    abstract void switchDown(String id);

    /** A port of switch {@code id} changed. */
    abstract void portStatus(SwitchSession session, String id, OFPortStatus status);

    /** This controller became the cluster's master at {@code epoch}: the switches are to get its program. */
    abstract void becameMaster(long epoch);
}
