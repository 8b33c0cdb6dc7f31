package weft.model.topology.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;

class DotExportTest {
    @Test
    void switchesAreCirclesHostsAreBoxesEdgesCarryPorts() {
        Topology t = new Topology("two \"q\"", List.of(new Switch("s1", 1, 4), new Switch("s2", 2, 4)),
                List.of(new Host("h1", "02:00:00:00:00:01", "10.0.0.1", "s1", 1, 10)),
                List.of(new Link("s1", 2, "s2", 3, 40, 0.5)));
        String dot = DotExport.write(t);
        assertThat(dot).startsWith("graph \"two \\\"q\\\"\" {\n")
                .contains("node [shape=circle")
                .contains("\"s1\" [tooltip=\"dpid 0000000000000001, 4 ports\"];")
                .contains("\"h1\" [shape=box, tooltip=\"02:00:00:00:00:01 10.0.0.1\"];")
                .contains("\"s1\" -- \"s2\" [taillabel=2, headlabel=3, tooltip=\"40 Gbit/s, 0.5 us\"];")
                .contains("\"h1\" -- \"s1\" [headlabel=1, style=dashed];")
                .endsWith("}\n");
        assertThat(dot.lines().filter(l -> l.contains(" -- "))).hasSize(2);
    }

    @Test
    void treeLevelsShareARank() {
        Topology t = KaryNTree.generate(2, 2, GeneratorOptions.defaults());
        String dot = DotExport.write(t, KaryNTree.layout(2, 2));
        assertThat(dot).contains("{ rank=same; \"s1\"; \"s2\"; }").contains("{ rank=same; \"s3\"; \"s4\"; }");
    }
}
