package weft.model.topology;

/**
 * A switch: a stable id, its OpenFlow datapath id and the number of ports, numbered {@code 1..ports}.
 *
 * @param id    unique name, e.g. {@code "s1"}
 * @param dpid  64-bit OpenFlow datapath id, unique in the fabric
 * @param ports number of ports; port numbers run from 1 to this value
 */
public record Switch(String id, long dpid, int ports) {
    public Switch {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("switch id must be non-empty");
        }
        if (ports < 1) {
            throw new IllegalArgumentException("switch " + id + ": ports must be >= 1, got " + ports);
        }
    }

    /** The dpid as the 16 hex digits OVS and the topology file use. */
    public String dpidHex() {
        return String.format("%016x", dpid);
    }
}
