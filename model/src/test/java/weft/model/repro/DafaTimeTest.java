package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.generate.EnrichedKaryNTree;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;

class DafaTimeTest {
    @Test
    @DisplayName("Seed 000 §6.5: with the leader at a root switch of the 16-ary 3-tree, h_max = 4")
    void hMaxOfTheSixteenAryThreeTree() {
        assertThat(AppsRepro.leaderEccentricity(KaryNTree.generate(16, 3, GeneratorOptions.defaults()))).isEqualTo(4);
        assertThat(AppsRepro.leaderEccentricity(EnrichedKaryNTree.generate(16, 3, 2, EnrichedKaryNTree.Shape.CHAIN,
                GeneratorOptions.defaults()))).isEqualTo(4);
    }

    @Test
    @DisplayName("Seed 000 §6.5: T = 2·I·h_max·(T_d + T_c) with T_d = 200 ns, T_c = 400 ns: 4.8 µs per iteration at "
            + "h_max = 4, so 40 µs allows 8 iterations")
    void dafaTimeFormula() {
        assertThat(AppsRepro.dafaMicros(1, 4)).isCloseTo(4.8, within(1e-12));
        assertThat(AppsRepro.dafaMicros(8, 4)).isCloseTo(38.4, within(1e-12));
        assertThat(AppsRepro.dafaMicros(9, 4)).isGreaterThan(40);
    }
}
