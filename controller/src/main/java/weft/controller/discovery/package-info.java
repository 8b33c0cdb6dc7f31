/**
 * Discovery: switches from FEATURES and port description (the session), links by LLDP packet-out/packet-in
 * (IEEE 802.1AB frames with the sender's dpid and port), hosts by their first packets reaching the controller
 * (ARP and IPv4 on ports that carry no switch link) or by agent registration. What is discovered is either
 * compared with the configured topology, every difference reported, or, in discover mode, routed on its own once
 * it has settled ({@link weft.controller.discovery.DiscoverySettle}).
 *
 * <p>Pure parts ({@link weft.controller.discovery.Lldp}, {@link weft.controller.discovery.FirstPacket},
 * {@link weft.controller.discovery.TopologyComparison}, {@link weft.controller.discovery.DiscoverySettle}) do no
 * I/O and read no clock; {@link weft.controller.discovery.Discovery} keeps what was seen.
 */
package weft.controller.discovery;
