package weft.controller.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import weft.controller.testing.FlowTableModel;
import weft.controller.testing.FlowTableModel.Delivery;
import weft.controller.testing.FlowTableModel.Packet;
import weft.controller.testing.TestFabrics;
import weft.model.routing.ForwardingTable;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;

/**
 * The model's {@link ForwardingTable} reads the entries exactly as the switches run what {@link RouteCompiler}
 * compiles: for every host pair and every path tag (DSCP) that matters, the paths found by walking the table
 * (forking at port groups) are the paths a packet takes through the compiled OpenFlow tables in
 * {@link FlowTableModel} (SELECT groups fork there too). Engines cover plain destination entries, in_port entries
 * (SR, TBTP), path tags (VLB, MP-LASH), layers carried as PCP (LASH, MP-LASH, TBTP3VL: in_port entries in three
 * layers) and port groups (ECMP).
 */
class ForwardingTableCompiledTest {
    private static Topology topology(String name) {
        return switch (name) {
            case "torus4" -> TestFabrics.torus(4, 4);
            case "ring5" -> TestFabrics.ring(5);
            case "tree23" -> KaryNTree.generate(2, 3, GeneratorOptions.defaults());
            case "leafspine" -> TestFabrics.leafSpine(3, 3, 2);
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"updown, ring5", "minhop, tree23", "sr, torus4", "lash, torus4", "mplash, torus4", "vlb, tree23",
            "ecmp, leafspine", "ecmp, tree23", "dor, torus4", "stp, torus4", "tbtp, torus4", "tbtp3vl, torus4",
            "tbtp3vl, ring5"})
    void tableWalksEqualCompiledTraces(String engine, String fabric) {
        Topology t = topology(fabric);
        RoutingResult r = RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults());
        FlowTableModel model = FlowTableModel.installed(t,
                RouteCompiler.compile(t, r, RouteCompiler.Options.defaults()));
        ForwardingTable table = ForwardingTable.of(t, r);
        SwitchGraph g = t.graph();
        int pairs = 0;
        for (Host src : t.hosts()) {
            for (Host dst : t.hosts()) {
                int su = t.switchIndex(src.switchId());
                int du = t.switchIndex(dst.switchId());
                if (su == du) {
                    continue;
                }
                TreeSet<Integer> tags = new TreeSet<>(List.of(0));
                for (int tag : table.tagsToward(du)) {
                    tags.add(tag);
                }
                for (int tag : table.pairTags(su, du)) {
                    tags.add(tag);
                }
                for (int tag : tags) {
                    Set<List<Integer>> traced = new HashSet<>();
                    for (Delivery d : model.send(src.id(), Packet.ipv4(dst.ip(), tag))) {
                        assertThat(d.endpoint()).as("%s %s -> %s DSCP %d", engine, src.id(), dst.id(), tag)
                                .isEqualTo(dst.id());
                        traced.add(FlowTableModel.channels(g, t, d));
                    }
                    Set<List<Integer>> walked = new HashSet<>();
                    walk(table, su, du, src.port(), table.ingressLayer(su, du, tag), tag, new ArrayList<>(),
                            walked);
                    assertThat(walked).as("%s %s -> %s DSCP %d", engine, src.id(), dst.id(), tag)
                            .isEqualTo(traced);
                }
                pairs++;
            }
        }
        assertThat(pairs).isPositive();
    }

    private static void walk(ForwardingTable table, int u, int du, int inPort, int layer, int tag,
                             List<Integer> channels, Set<List<Integer>> out) {
        if (u == du) {
            out.add(List.copyOf(channels));
            return;
        }
        int e = table.lookup(u, du, layer, inPort, tag);
        assertThat(e).as("entry at switch %d for %d", u, du).isNotEqualTo(ForwardingTable.NONE);
        assertThat(channels.size()).as("walk length").isLessThan(table.graph().switchCount());
        for (int k = 0; k < table.outCount(e); k++) {
            int c = table.outChannel(e, k);
            channels.add(c);
            walk(table, table.graph().dst(c), du, table.graph().dstPort(c), layer, tag, channels, out);
            channels.remove(channels.size() - 1);
        }
    }
}
