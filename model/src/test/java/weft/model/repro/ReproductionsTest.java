package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReproductionsTest {
    @Test
    void everyReproductionIsWellFormed() {
        assertThat(Reproductions.names()).contains("contention", "fluid").doesNotHaveDuplicates();
        for (Reproduction r : Reproductions.all()) {
            assertThat(r.seed()).as(r.name()).matches("00[0-4]");
            assertThat(r.name()).matches("[a-z][a-z0-9-]*").as("a subcommand of weft repro").isNotIn("list", "table",
                    "all");
            assertThat(r.claims()).as(r.name()).isNotEmpty();
            Set<String> ids = new HashSet<>();
            for (Claim c : r.claims()) {
                assertThat(ids.add(c.id())).as(r.name() + " claim id " + c.id() + " unique").isTrue();
            }
            Set<String> params = new HashSet<>();
            for (Parameter p : r.parameters()) {
                assertThat(params.add(p.name())).as(r.name() + " parameter " + p.name()).isTrue();
                assertThat(p.name()).as("reserved by the CLI").isNotIn("quick", "seed", "threads", "json", "plot",
                        "help", "version");
            }
        }
    }

    @Test
    void unknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> Reproductions.byName("nope")).hasMessageStartingWith("unknown reproduction 'nope'; "
                + "known: contention, horizontal, fluid");
    }
}
