package weft.model.topology.io;

import java.util.List;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.generate.TreeLayout;

/**
 * Writes a topology as a Graphviz graph so a user can look at the fabric: switches as circles, hosts as boxes, one
 * undirected edge per link labelled with its ports ({@code taillabel}/{@code headlabel}), capacity and latency as
 * tooltips, and host attachments dashed.
 *
 * <p>Tree fabrics can be ranked by level (roots on top) by passing their {@link TreeLayout}. Render with
 * {@code dot -Tsvg t.dot -o t.svg} (trees) or {@code neato}/{@code sfdp} (tori, random graphs).
 */
public final class DotExport {
    private DotExport() {
    }

    /** The graph without ranking. */
    public static String write(Topology t) {
        return write(t, null);
    }

    /**
     * The graph, with switches of the same tree level on the same rank when {@code layout} is not null.
     */
    public static String write(Topology t, TreeLayout layout) {
        StringBuilder out = new StringBuilder();
        out.append("graph ").append(quote(t.name().isEmpty() ? "weft" : t.name())).append(" {\n");
        out.append("  graph [overlap=false, splines=true];\n");
        out.append("  node [shape=circle, fontsize=10];\n");
        out.append("  edge [fontsize=8, labelfontsize=8];\n");
        for (Switch s : t.switches()) {
            out.append("  ").append(quote(s.id())).append(" [tooltip=")
                    .append(quote("dpid " + s.dpidHex() + ", " + s.ports() + " ports")).append("];\n");
        }
        for (Host h : t.hosts()) {
            out.append("  ").append(quote(h.id())).append(" [shape=box, tooltip=")
                    .append(quote(h.mac() + " " + h.ip())).append("];\n");
        }
        if (layout != null) {
            for (int l = 0; l < layout.levelCount(); l++) {
                rank(out, layout.switchesAt(l));
            }
        }
        for (Link l : t.links()) {
            out.append("  ").append(quote(l.a())).append(" -- ").append(quote(l.b())).append(" [taillabel=")
                    .append(l.aPort()).append(", headlabel=").append(l.bPort()).append(", tooltip=")
                    .append(quote(format(l.gbps()) + " Gbit/s, " + format(l.latencyUs()) + " us")).append("];\n");
        }
        for (Host h : t.hosts()) {
            out.append("  ").append(quote(h.id())).append(" -- ").append(quote(h.switchId()))
                    .append(" [headlabel=").append(h.port()).append(", style=dashed];\n");
        }
        out.append("}\n");
        return out.toString();
    }

    private static void rank(StringBuilder out, List<String> ids) {
        out.append("  { rank=same;");
        for (String id : ids) {
            out.append(' ').append(quote(id)).append(';');
        }
        out.append(" }\n");
    }

    private static String format(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    /** A DOT double-quoted string. */
    static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
