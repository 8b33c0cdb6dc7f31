package weft.controller.ha;

import org.projectfloodlight.openflow.protocol.OFControllerRole;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFRoleReply;
import org.projectfloodlight.openflow.protocol.OFRoleRequest;
import org.projectfloodlight.openflow.protocol.errormsg.OFRoleRequestFailedErrorMsg;
import org.projectfloodlight.openflow.types.U64;
import weft.controller.openflow.SwitchSession;

/**
 * Pure builders and checks of OpenFlow 1.3 role requests, in the style of {@code FlowMods13}: messages carry xid
 * 0 (the session assigns xids).
 *
 * <p>OpenFlow 1.3.5 §6.3.5: a switch starts every controller as EQUAL; a ROLE_REQUEST for MASTER or SLAVE
 * carries a 64-bit generation id, and the switch refuses one whose id is older than the largest it has seen
 * (compared as a signed distance, so the counter may wrap) with ROLE_REQUEST_FAILED/STALE. Becoming MASTER
 * demotes every other master to SLAVE; a SLAVE's flow-mods, group-mods, meter-mods and packet-outs are refused
 * with BAD_REQUEST/IS_SLAVE, and it receives no PACKET_IN. Weft's generation id is the master's epoch
 * ({@link Mastership#epoch()}).
 */
public final class RoleRequests {
    private RoleRequests() {
    }

    /** The request that makes this controller {@code role} at generation {@code epoch}. */
    public static OFRoleRequest request(Mastership.Role role, long epoch) {
        if (epoch < 0) {
            throw new IllegalArgumentException("epoch must be >= 0 for a role request, got " + epoch);
        }
        return SwitchSession.F.buildRoleRequest().setXid(0).setRole(ofRole(role))
                .setGenerationId(U64.of(epoch)).build();
    }

    /** The OpenFlow role of a Weft role. */
    public static OFControllerRole ofRole(Mastership.Role role) {
        return role == Mastership.Role.MASTER ? OFControllerRole.ROLE_MASTER : OFControllerRole.ROLE_SLAVE;
    }

    /**
     * Checks a switch's answer to {@link #request}: a ROLE_REPLY with the role asked for.
     *
     * @throws RoleRefused naming the switch, the role, the generation id and what came back
     */
    public static void check(String switchName, Mastership.Role role, long epoch, OFMessage reply) {
        if (reply instanceof OFRoleReply r && r.getRole() == ofRole(role)) {
            return;
        }
        throw new RoleRefused(switchName + ": role request " + ofRole(role) + " generation " + epoch
                + " answered with " + reply, reply instanceof OFRoleRequestFailedErrorMsg e
                && e.getCode() == org.projectfloodlight.openflow.protocol.OFRoleRequestFailedCode.STALE);
    }

    /**
     * OpenFlow 1.3.5 §6.3.5: whether a request at {@code generation} is stale for a switch that has seen
     * {@code cached}: {@code (int64)(generation - cached) < 0}.
     */
    public static boolean stale(long cached, long generation) {
        return generation - cached < 0;
    }

    /** A switch refused a role request; {@link #stale()} when it has seen a newer generation id. */
    public static final class RoleRefused extends RuntimeException {
        private final boolean stale;

        public RoleRefused(String message, boolean stale) {
            super(message);
            this.stale = stale;
        }

        /** True when the switch has seen a newer generation: another controller became master since. */
        public boolean stale() {
            return stale;
        }
    }
}
