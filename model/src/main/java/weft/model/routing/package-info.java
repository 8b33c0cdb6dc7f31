/**
 * Routing engines behind one interface ({@link weft.model.routing.RoutingEngine}), registered by name in
 * {@link weft.model.routing.RoutingEngines} like OpenSM's {@code -R} table, and their common result type.
 *
 * <p>Sources: seed 002 (LASH §3.3, Segment-based routing §3.2, Up*&#47;Down*), seed 000 ch. 2-3 (D-mod-k,
 * adaptive routing on enriched k-ary n-trees), seed 004 §2 (ECMP, VLB). Every result is checked by the
 * independent verifier in {@code weft.model.routing.verify}.
 */
package weft.model.routing;
