package weft.controller.fabric;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.discovery.Discovery;
import weft.model.protocol.Printable;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Checks a host agent's registration (host id, unicast MAC, IPv4 address, switch and port) and hands it to
 * discovery; an agent's {@code switch:port} attachment (switch id or dpid) that is malformed, unknown or differs
 * from the configured topology is logged, not thrown.
 */
final class HostRegistrations {
    /** Logs as the service, so log lines read as they always have. */
    private static final Logger LOG = LoggerFactory.getLogger(FabricService.class);
    private static final Pattern MAC = Pattern.compile("[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}");
    private static final Pattern IPV4 = Pattern.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}"
            + "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");

    private final Topology configured;
    private final Map<Long, String> switchByDpid;
    private final Discovery discovery;

    /**
     * @param configured   the configured topology (in discover mode the naming file)
     * @param switchByDpid switch ids by datapath id, as the service names them
     * @param discovery    where registered hosts are recorded
     */
    HostRegistrations(Topology configured, Map<Long, String> switchByDpid, Discovery discovery) {
        this.configured = configured;
        this.switchByDpid = switchByDpid;
        this.discovery = discovery;
    }

    /** See {@link FabricService#hostRegistered(String, String, String, String)}. */
    void hostRegistered(String hostId, String mac, String ip, String attachment) {
        if (attachment == null || mac == null) {
            return;
        }
        int colon = attachment.lastIndexOf(':');
        int port = -1;
        if (colon > 0) {
            try {
                port = Integer.parseInt(attachment.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
        }
        if (port < 1) {
            LOG.warn("agent {}: attachment '{}' names no switch:port of {}", hostId, attachment,
                    configured.name());
            return;
        }
        String sw = attachment.substring(0, colon);
        try {
            hostRegistered(hostId, mac, ip, sw, port);
        } catch (HostRegistrationException e) {
            LOG.warn("agent {}: attachment '{}': {}", hostId, attachment, e.getMessage());
            return;
        }
        long at = switchDpid(attachment, sw);
        for (weft.model.topology.Host h : configured.hosts()) {
            Optional<Switch> expected = configured.findSwitch(h.switchId());
            if (h.id().equals(hostId) && (expected.isEmpty() || expected.get().dpid() != at || h.port() != port)) {
                LOG.warn("agent {} registered at {} but the topology attaches it at {}:{}", hostId, attachment,
                        h.switchId(), h.port());
            }
        }
    }

    /** See {@link FabricService#registrationProblem}. */
    String problem(String hostId, String ip, boolean discovering) {
        String what = "register " + Printable.of(hostId);
        for (weft.model.topology.Host h : configured.hosts()) {
            if (h.id().equals(hostId)) {
                return h.ip().equals(ip) ? null : what + ": ip " + Printable.of(ip) + " differs from "
                        + configured.name() + ", which gives " + hostId + " the address " + h.ip();
            }
            if (h.ip().equals(ip)) {
                return what + ": ip " + Printable.of(ip) + " belongs to host " + h.id() + " in " + configured.name();
            }
        }
        if (discovering) {
            return null;
        }
        return what + ": " + configured.name() + " has no host of that name (" + configured.hosts().size()
                + " hosts" + (configured.hosts().isEmpty() ? "" : ", e.g. " + configured.hosts().get(0).id()) + ")";
    }

    /** See {@link FabricService#hostRegistered(String, String, String, String, int)}. */
    boolean hostRegistered(String hostId, String mac, String ip, String switchDpidOrId, int port) {
        String what = "registration of host " + hostId;
        if (hostId == null || hostId.isBlank()) {
            throw new HostRegistrationException("registration of host with MAC " + mac + ": hostId must be "
                    + "non-empty");
        }
        if (mac == null || !MAC.matcher(mac).matches() || (Integer.parseInt(mac.substring(0, 2), 16) & 1) != 0) {
            throw new HostRegistrationException(what + ": mac " + mac + " is not a unicast MAC such as "
                    + "02:00:00:00:00:01");
        }
        if (ip == null || !IPV4.matcher(ip).matches() || ip.equals("0.0.0.0")) {
            throw new HostRegistrationException(what + ": ip " + ip + " is not a dotted IPv4 host address");
        }
        if (port < 1) {
            throw new HostRegistrationException(what + ": port must be >= 1, got " + port);
        }
        long dpid = switchDpid(what, switchDpidOrId);
        try {
            return discovery.hostRegistered(hostId, mac, ip, dpid, port);
        } catch (IllegalArgumentException e) {
            throw new HostRegistrationException(what + ": " + e.getMessage());
        }
    }

    private long switchDpid(String what, String switchDpidOrId) {
        if (switchDpidOrId == null) {
            throw new HostRegistrationException(what + ": switch must be a switch id or a dpid, got null");
        }
        for (Map.Entry<Long, String> e : switchByDpid.entrySet()) {
            if (e.getValue().equals(switchDpidOrId)) {
                return e.getKey();
            }
        }
        Optional<Switch> named = configured.findSwitch(switchDpidOrId);
        if (named.isPresent()) {
            return named.get().dpid();
        }
        String hex = switchDpidOrId.startsWith("dpid-") ? switchDpidOrId.substring(5)
                : switchDpidOrId.startsWith("0x") ? switchDpidOrId.substring(2) : switchDpidOrId;
        if (hex.matches("[0-9a-fA-F]{1,16}")) {
            return Long.parseUnsignedLong(hex, 16);
        }
        throw new HostRegistrationException(what + ": switch '" + switchDpidOrId + "' is neither a known switch "
                + "id " + new java.util.TreeSet<>(switchByDpid.values()) + " nor a dpid (1-16 hex digits)");
    }
}
