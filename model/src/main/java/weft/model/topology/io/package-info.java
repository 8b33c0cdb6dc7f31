/**
 * Topology file formats: the versioned JSON contract {@code weft-topology/1}
 * ({@link weft.model.topology.io.TopologyJson}, documented in {@code docs/topology-format.md}), Graphviz DOT export
 * ({@link weft.model.topology.io.DotExport}) and the InfiniBand formats
 * ({@link weft.model.topology.io.IbnetdiscoverFormat}: import of {@code ibnetdiscover} output, export to the ibsim net
 * file that OpenSM runs against, docs/sources.md §4).
 *
 * <p>Decision: the model stays free of file I/O. Readers take the text (or a {@link java.io.Reader}) plus a source
 * name used in every error message; writers return text or write to a {@link java.io.Writer}. Opening files is
 * the caller's job ({@code weft.controller.cli.TopologyFiles} in the CLI).
 */
package weft.model.topology.io;
