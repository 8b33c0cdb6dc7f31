package weft.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.Ring;

/** OpenSM's LASH under ibsim next to Weft's on the same fabric (docs/sources.md §4). */
@Tag("lab")
class OpenSmLashLabTest {
    @Test
    @DisplayName("Reference run (docs/sources.md §4): OpenSM's LASH needs 3-4 layers on an 8-switch ring (3 under "
            + "ibsim, 4 in the calibration's emulation; it depends on cabling); Weft's LASH needs 2, the optimum")
    void ringOfEight() throws Exception {
        assumeTrue(OpenSmLash.installed(), "opensm, ibsim-utils and libumad2sim are needed");
        Topology ring = Ring.generate(8, GeneratorOptions.defaults().withHosts(1));
        OpenSmLash.Outcome o = OpenSmLash.run(ring, Path.of("target", "lab", "OpenSmLashLabTest"), 60);
        assertThat(o.status()).isEqualTo("ok");
        assertThat(o.layers()).isBetween(3, 4);
        int weft = RoutingEngines.byName("lash").compute(ring, RoutingOptions.defaults()).layers();
        assertThat(weft).isEqualTo(2).isLessThan(o.layers());
        assertThat(o.routingSeconds()).isNotNegative();
    }
}
