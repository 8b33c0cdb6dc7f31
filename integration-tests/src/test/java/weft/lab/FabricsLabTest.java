package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.RandomIrregular;

/**
 * Every engine family on the fabric it is meant for, on real OVS: every host pair pings and transfers over TCP,
 * and the entries read back with ovs-ofctl equal the routing result. Switching engines restarts the controller,
 * whose reconciliation must replace the previous engine's entries exactly.
 */
@Tag("lab")
class FabricsLabTest {
    @ParameterizedTest(name = "random irregular fabric of 8 switches (seed 7): {1}, every pair, flows equal routes")
    @CsvSource(delimiter = '|', value = {"updown | Up*/Down*", "sr | Segment-based routing (in_port entries)"})
    void irregular(String engine, String routing) throws Exception {
        try (LabHarness h = LabHarness.of("FabricsLabTest-irregular-" + engine, "wlirr",
                RandomIrregular.generate(8, 4, 7, GeneratorOptions.defaults().withHosts(1)), engine)) {
            h.checkAllPairs();
        }
    }

    @Test
    @DisplayName("4-ary 2-tree: D-mod-k, then ECMP (SELECT groups) after a controller restart, every pair")
    void treeDmodkThenEcmp() throws Exception {
        try (LabHarness h = LabHarness.of("FabricsLabTest-tree", "wltree",
                KaryNTree.generate(4, 2, GeneratorOptions.defaults()), "dmodk")) {
            h.checkAllPairs();
            h.switchEngine("ecmp");
            h.checkAllPairs();
            assertThat(h.controller.fabric().program().groupCount()).isPositive();
        }
    }

    @Test
    @DisplayName("leaf-spine as a 3-ary 2-tree (3 leaves, 3 spines): VLB, every pair on the default path and on "
            + "every path tag (DSCP)")
    void leafSpineVlb() throws Exception {
        try (LabHarness h = LabHarness.of("FabricsLabTest-vlb", "wlvlb",
                KaryNTree.generate(3, 2, GeneratorOptions.defaults()), "vlb")) {
            h.checkAllPairs();
            for (int tag : List.of(0, 1, 2)) {
                String src = h.lab.topology().hosts().get(0).id();
                String dst = h.lab.topology().hosts().get(8).ip();
                assertThat(h.lab.exec(src, Duration.ofSeconds(5), "ping", "-n", "-c", "2", "-W", "1", "-Q",
                        Integer.toString(tag << 2), dst).ok()).as("ping with path tag %d", tag).isTrue();
            }
        }
    }
}
