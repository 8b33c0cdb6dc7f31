/**
 * Topology generators, one class per family, each citing its source: k-ary n-tree (Petrini-Vanneschi; seeds 000 §6.1
 * and 003), the enriched k-ary n-tree with horizontal links (seed 000 §6.2, Fig. 6.3), the k-port l-level fat tree of
 * seed 004 (§2.1, App. B.3), 2-tier leaf-spine, mesh, torus, ring, fully connected and seeded random irregular graphs.
 *
 * <p>Every generator follows one naming, addressing and port scheme ({@link weft.model.topology.generate.Addressing}):
 * switches {@code s1..sN} with dpids {@code base..base+N-1}, hosts {@code h1..hM} with MAC
 * {@code 02:00:00:xx:xx:xx} and IPv4 {@code 10.x.y.z} from the host number, host ports first ({@code 1..h}) and
 * switch-to-switch ports after them. {@link weft.model.topology.generate.Generators} is the table of families by
 * name that {@code weft topo generate KIND} uses. Tree families also describe each switch's level and position
 * ({@link weft.model.topology.generate.TreeLayout}) for D-mod-k and adaptive fat-tree routing.
 */
package weft.model.topology.generate;
