/**
 * The fabric: switches, hosts and full-duplex links, immutable and validated on construction, with a dense
 * integer view ({@link weft.model.topology.SwitchGraph}) that every algorithm runs on.
 *
 * <p>A link is two directed channels (seed 002 §2: the channel dependency graph is built on channels, not links);
 * channel {@code 2i} runs from {@code links[i].a} to {@code links[i].b}, channel {@code 2i+1} back.
 */
package weft.model.topology;
