package weft.controller.agentlink;

import java.util.List;
import org.apache.commons.net.util.SubnetUtils;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.Printable;

/**
 * Decides whether an authenticated agent's registration may enter the registry, whose addresses are pushed to every
 * other agent. {@link #syntax} checks the fields themselves (Apache Commons Net's {@code SubnetUtils} parses the
 * IPv4 address and the subnets); the controller adds what its fabric knows ({@code FabricService#registrationProblem}:
 * a configured topology names every host and its address).
 */
@FunctionalInterface
public interface RegistrationCheck {
    /** Longest host id accepted. */
    int MAX_HOST_CHARS = 128;

    /** Why {@code r} cannot be accepted (naming the field and what was expected), or null when it can. */
    String problem(ControlMessage.Register r);

    /** Accepts every registration whose fields are well formed. */
    RegistrationCheck SYNTAX = r -> null;

    /**
     * The field checks every registration passes before {@code check}: a host id of printable characters, a
     * unicast IPv4 host address (inside one of {@code subnets}, when given: CIDR such as {@code 10.0.0.0/8}), an
     * optional unicast MAC, a data port in 1..65535 and an optional {@code switch:port} attachment.
     *
     * @throws IllegalArgumentException when a subnet is not CIDR notation
     */
    static RegistrationCheck syntax(List<String> subnets, RegistrationCheck check) {
        List<SubnetUtils.SubnetInfo> allowed = subnets.stream().map(s -> {
            try {
                SubnetUtils u = new SubnetUtils(s);
                u.setInclusiveHostCount(true);
                return u.getInfo();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("agent subnet '" + s + "' is not CIDR notation such as "
                        + "10.0.0.0/8", e);
            }
        }).toList();
        return r -> {
            String p = RegistrationFields.problem(r, allowed);
            return p != null ? "register " + Printable.of(r.host()) + ": " + p : check.problem(r);
        };
    }
}
