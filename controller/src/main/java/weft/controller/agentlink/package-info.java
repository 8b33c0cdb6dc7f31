/**
 * The controller's side of the agent channel: the registry of host agents embedded in the controller, a pure state
 * machine ({@link weft.controller.agentlink.AgentRegistry}) behind a Netty shell
 * ({@link weft.controller.agentlink.AgentLinkServer}), the paths pushed with each rate from the fabric's routes
 * ({@link weft.controller.agentlink.FabricPaths}), rates for the flows agents report from the model's allocators
 * ({@link weft.model.rate.OnlineAllocation}), and an admin request to set a rate by hand
 * ({@code weft rates set}), which wins for its pair.
 *
 * <p>Source: seed 004 §4.1-4.2 (hosts report backlogs and receive rates; here the controller distributes rates and path
 * tags); seed 000 §4.2-4.3 (rates computed centrally, realised at the source). Weft's mapping of both onto a controller
 * and agents: docs/sources.md. Messages are {@code weft.model.protocol}.
 */
package weft.controller.agentlink;
