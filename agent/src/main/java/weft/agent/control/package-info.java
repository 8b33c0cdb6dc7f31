/**
 * The agent's control channel to the controller: registration with a shared token over TCP (optionally TLS),
 * rates and paths pushed per destination, periodic VOQ reports, reconnection with back-off while the data path keeps
 * its last rates.
 *
 * <p>Source: seed 004 §4.1 and digest {@code research/seed-004-haitjema-thesis.md} §10.2 (hosts receive rates per
 * VOQ and report backlogs); the messages are {@code weft.model.protocol}.
 */
package weft.agent.control;
