/**
 * What every Weft file format shares: {@link weft.model.io.JsonInput}, the one validating JSON reader behind
 * {@code weft-topology/1}, {@code weft-routes/1}, {@code weft-flows/1} and {@code weft-pair-rates/1}; and the one
 * picture writer, {@link weft.model.io.Svg} (plain SVG text) with {@link weft.model.io.SvgChart} drawing a
 * {@link weft.model.io.Chart} (x-y lines), used by the simulator's and the reproductions' plots.
 *
 * <p>Decision: the readers walk Jackson's tree model instead of binding DTOs, so every error names the exact JSON
 * location ({@code forwarding[3].out_ports[0]}) and unknown fields are refused by name; the tree is bounded by a
 * size limit checked before parsing, so a reader never holds more than a known multiple of its input.
 */
package weft.model.io;
