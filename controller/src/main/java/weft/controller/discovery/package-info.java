/**
 * Discovery: switches from FEATURES and port description (the session), links by LLDP packet-out/packet-in
 * (IEEE 802.1AB frames with the sender's dpid and port), hosts by their first packets reaching the controller
 * (ARP and IPv4 on ports that carry no switch link). What is discovered is compared with the configured topology
 * and every difference is reported.
 *
 * <p>Pure parts ({@link weft.controller.discovery.Lldp}, {@link weft.controller.discovery.FirstPacket},
 * {@link weft.controller.discovery.TopologyComparison}) do no I/O; {@link weft.controller.discovery.Discovery}
 * keeps what was seen.
 */
package weft.controller.discovery;
