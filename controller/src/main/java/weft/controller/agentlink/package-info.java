/**
 * The controller's side of the agent channel: a registry of host agents, rates and paths pushed per destination,
 * reports received, and an admin request to set a rate by hand ({@code weft rates set}).
 *
 * <p>Source: seed 004 §4.1 and digest {@code research/seed-004-haitjema-thesis.md} §10 (the controller distributes
 * rates and path tags to hosts); seed 000 §8 of its digest (rates computed centrally, realised at the source).
 * Messages are {@code weft.model.protocol}.
 */
package weft.controller.agentlink;
