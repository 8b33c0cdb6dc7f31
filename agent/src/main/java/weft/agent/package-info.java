/**
 * The Weft host agent process ({@link weft.agent.WeftAgent}): built with plain constructors from its parts in the
 * sub-packages (control channel, VOQs, shaping, path selection, resequencing, Netty data path, Linux tc mode).
 *
 * <p>Sources: seed 004 ch. 3-4 and App. A (digest {@code research/seed-004-haitjema-thesis.md} §2-4, §10), seed 000
 * ch. 5 and seed 003 §6 (Periodic Selection).
 */
package weft.agent;
