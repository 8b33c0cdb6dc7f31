package weft.model.topology;

/**
 * An end node attached to one switch port.
 *
 * @param id       unique name, e.g. {@code "h1"}
 * @param mac      unicast MAC address, {@code "02:00:00:00:00:01"}
 * @param ip       IPv4 address in dotted form
 * @param switchId the switch it is attached to
 * @param port     the switch port it is attached to
 * @param gbps     access link capacity in Gbit/s
 */
public record Host(String id, String mac, String ip, String switchId, int port, double gbps) {
    public Host {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("host id must be non-empty");
        }
        if (!(gbps > 0) || Double.isInfinite(gbps)) {
            throw new IllegalArgumentException("host " + id + ": gbps must be a positive number, got " + gbps);
        }
    }
}
