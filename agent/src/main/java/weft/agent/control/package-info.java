/**
 * The agent's control channel to the controller: registration with a shared token over TCP (optionally TLS),
 * rates and paths pushed per destination, periodic VOQ reports, reconnection with back-off while the data path keeps
 * its last rates.
 *
 * <p>Source: seed 004 §4.1-4.2 (hosts receive rates per VOQ and report backlogs; Weft's mapping onto a controller and
 * agents is in docs/sources.md); the messages are {@code weft.model.protocol}.
 */
package weft.agent.control;
