package weft.model.topology.io;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The {@code weft-topology/1} file as explicit records, field for field; {@link TopologyJson} maps it to and from
 * the validated {@link weft.model.topology.Topology}.
 *
 * @param format   always {@value TopologyJson#FORMAT}
 * @param name     free text, may be empty
 * @param switches the switches
 * @param hosts    the hosts
 * @param links    the switch-to-switch links
 */
@JsonPropertyOrder({"format", "name", "switches", "hosts", "links"})
public record TopologyDocument(String format, String name, List<SwitchEntry> switches, List<HostEntry> hosts,
        List<LinkEntry> links) {
    public TopologyDocument {
        switches = List.copyOf(switches);
        hosts = List.copyOf(hosts);
        links = List.copyOf(links);
    }

    /**
     * A switch.
     *
     * @param id    unique name
     * @param dpid  datapath id as 16 hex digits
     * @param ports number of ports, numbered {@code 1..ports}
     */
    @JsonPropertyOrder({"id", "dpid", "ports"})
    public record SwitchEntry(String id, String dpid, int ports) {
    }

    /**
     * A host.
     *
     * @param id       unique name
     * @param mac      unicast MAC
     * @param ip       dotted IPv4
     * @param switchId attachment switch ({@code "switch"} in the file)
     * @param port     attachment port
     * @param gbps     access link capacity
     */
    @JsonPropertyOrder({"id", "mac", "ip", "switch", "port", "gbps"})
    public record HostEntry(String id, String mac, String ip, @JsonProperty("switch") String switchId, int port,
            double gbps) {
    }

    /**
     * A full-duplex switch-to-switch link.
     *
     * @param a         one switch
     * @param aPort     its port ({@code "a_port"})
     * @param b         the other switch
     * @param bPort     its port ({@code "b_port"})
     * @param gbps      capacity per direction
     * @param latencyUs one-way latency ({@code "latency_us"}), optional on input
     */
    @JsonPropertyOrder({"a", "a_port", "b", "b_port", "gbps", "latency_us"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LinkEntry(String a, @JsonProperty("a_port") int aPort, String b, @JsonProperty("b_port") int bPort,
            double gbps, @JsonProperty("latency_us") Double latencyUs) {
    }
}
