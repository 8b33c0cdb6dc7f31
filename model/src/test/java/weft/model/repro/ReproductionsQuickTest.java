package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import weft.model.repro.io.ReproJson;

/**
 * CI for the reproductions: every registered reproduction runs at its quick size, and each claim's Weft figure must
 * lie in the claim's quick band (the direction and rough size of the effect, e.g. SR above Up*&#47;Down*, PS ratio
 * 1.00 at b = 8); the exact agreement with the paper is what the paper-size run reports. A new reproduction is
 * covered by registering it.
 */
class ReproductionsQuickTest {
    @TestFactory
    Stream<DynamicTest> everyReproductionAtQuickSize() {
        return Reproductions.names().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Reproduction r = Reproductions.byName(name);
            ReproResult result = r.run(ReproOptions.of(r, true, 1, Map.of()));
            assertThat(result.claims()).hasSameSizeAs(r.claims());
            for (ClaimResult c : result.claims()) {
                assertThat(c.weft()).as(name + " " + c.claim().id() + ": " + c.claim().what() + " in quick band "
                        + c.claim().quick()).matches(c.claim().quick()::contains);
            }
            assertThat(ReproJson.write(result, 0)).contains("\"format\" : \"weft-repro/1\"", "\"seed\" : \""
                    + r.seed() + "\"");
        }));
    }
}
