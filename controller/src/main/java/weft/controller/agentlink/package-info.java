/**
 * The controller's side of the agent channel: the registry of host agents embedded in the controller, a pure state
 * machine ({@link weft.controller.agentlink.AgentRegistry}) behind a Netty shell
 * ({@link weft.controller.agentlink.AgentLinkServer}), the paths pushed with each rate from the fabric's routes
 * ({@link weft.controller.agentlink.FabricPaths}), rates for the flows agents report from the model's allocators
 * ({@link weft.controller.agentlink.OnlineAllocation}), and an admin request to set a rate by hand
 * ({@code weft rates set}), which wins for its pair.
 *
 * <p>Source: seed 004 §4.1 and digest {@code research/seed-004-haitjema-thesis.md} §10 (the controller distributes
 * rates and path tags to hosts; hosts report backlogs); seed 000 §8 of its digest (rates computed centrally,
 * realised at the source). Messages are {@code weft.model.protocol}.
 */
package weft.controller.agentlink;
