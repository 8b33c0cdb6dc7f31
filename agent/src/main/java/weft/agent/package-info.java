/**
 * The Weft host agent process ({@link weft.agent.WeftAgent}): built with plain constructors from its parts in the
 * sub-packages (control channel, VOQs holding Netty buffers, Netty data path, Linux tc mode). The host algorithms it
 * wires (token buckets, Periodic Selection, path policies, resequencer) are the model's {@code weft.model.host}
 * classes, the same ones the simulator runs.
 *
 * <p>Sources: seed 004 ch. 3-4 and App. A, seed 000 ch. 5 and seed 003 §6 (Periodic Selection); full references and
 * Weft's decisions in docs/sources.md.
 */
package weft.agent;
