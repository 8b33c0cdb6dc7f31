/**
 * Routing engines behind one interface ({@link weft.model.routing.RoutingEngine}), registered by name in
 * {@link weft.model.routing.RoutingEngines} like OpenSM's {@code -R} table, and their common result type.
 *
 * <p>Sources: seed 002 (LASH §3.3, Segment-based routing §3.2, Up*&#47;Down*, STP and TBTP §2.1.4), seed 000
 * ch. 2-3 (D-mod-k, adaptive routing on enriched k-ary n-trees), seed 004 §2 (ECMP, VLB). Every result is checked
 * by the independent verifier in {@code weft.model.routing.verify}.
 *
 * <p>Engines here: {@code MinHop}, {@code UpDown}, {@code DimensionOrder}, {@code DModK}, {@code Ecmp}, {@code Vlb}
 * and the layered and turn-restricted engines {@code Lash}, {@code MultipathLash} (both on {@code ShortestPathLayers}
 * and {@code LayerCdg}) and {@code SegmentBasedRouting} (on {@code Segmentation}), the Ethernet baselines
 * {@code SpanningTree} (802.1D) and {@code Tbtp} (tree-based turn prohibition; SR and TBTP build their tables with
 * {@code TurnTables}), with {@link weft.model.routing.LayerLayout} for layers x QoS classes; destination-based
 * engines share {@link weft.model.routing.DestinationTables}; engines that route only fabrics whose switches with hosts
 * are connected extend {@code ConnectedEngine}, which refuses the others first; tree engines recognise k-ary n-trees
 * with {@code KaryNTreeShape}.
 * Per-flow adaptive routing on enriched trees has its own API, {@link weft.model.routing.AdaptiveFlowRouting}.
 * {@link weft.model.routing.PauseHeadroom} and {@link weft.model.routing.BackPressureBound} hold the lossless
 * flow-control arithmetic the layers rely on. Results are written and read by {@code weft.model.routing.io}.
 * {@link weft.model.routing.ForwardingTable} is the one reading of a result's entries as the switches apply them
 * (verifier, simulator, controller), and {@link weft.model.routing.RoutedPaths} walks it for one path per pair.
 */
package weft.model.routing;
