/**
 * Pure translation of a routing result into OpenFlow 1.3 state: flow entries, SELECT groups, meters and the order in
 * which they reach the switches. Nothing here does I/O; {@code weft.controller.fabric} sends what these classes
 * build.
 *
 * <p>{@link weft.controller.program.FlowClass} declares the table layout once, as data.
 * {@link weft.controller.program.RouteCompiler} maps a {@code RoutingResult} onto it, per engine family: LASH and
 * MP-LASH (seed 002 §3.3.3: a layer is an 802.1Q PCP) push a VLAN tag carrying the pair's layer as PCP at the ingress
 * switch, match (destination, PCP) in the core and pop at the egress switch; Segment-based routing (seed 002 §3.2)
 * matches (in_port, destination); Up*&#47;Down*, MinHop, DOR and D-mod-k match the destination; ECMP (seed 004 §2) uses
 * SELECT groups; VLB and host-chosen paths (seed 004 §2) follow a path tag carried in the IPv4 DSCP field.
 * {@link weft.controller.program.FlowMods13} builds the messages and {@link weft.controller.program.ProgramDiff} turns
 * desired versus installed state into ordered updates. {@link weft.controller.program.PairRates} is the table of rated
 * (source host, destination host) pairs that the compiler turns into a meter and metered entries at each rated source's
 * switch.
 */
package weft.controller.program;
