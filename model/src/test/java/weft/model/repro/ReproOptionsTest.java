package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReproOptionsTest {
    private final Reproduction contention = Reproductions.byName("contention");

    @Test
    void sizeDefaultsThenOverrides() {
        ReproOptions quick = ReproOptions.of(contention, true, 7, Map.of("runs", "3"));
        assertThat(quick.integer("k", 2, 64)).isEqualTo(4);
        assertThat(quick.integer("runs", 1, 10)).isEqualTo(3);
        assertThat(ReproOptions.of(contention, false, 7, Map.of()).integer("k", 2, 64)).isEqualTo(16);
    }

    @Test
    void errorsNameTheParameter() {
        assertThatThrownBy(() -> ReproOptions.of(contention, true, 1, Map.of("size", "3")))
                .hasMessage("contention: unknown parameter --size; known: k, n, width, hops, runs");
        ReproOptions o = ReproOptions.of(contention, true, 1, Map.of("k", "x", "runs", "0"));
        assertThatThrownBy(() -> o.integer("k", 2, 64)).hasMessage("--k: expected an integer, got 'x'");
        assertThatThrownBy(() -> o.integer("runs", 1, 10)).hasMessage("--runs must be in 1..10, got 0");
    }

    @Test
    void listsOfIntegers() {
        ReproOptions o = new ReproOptions(true, 1, Map.of("b", "2, 4,8", "bad", "2,x"));
        assertThat(o.integers("b", 1, 64)).isEqualTo(List.of(2, 4, 8));
        assertThatThrownBy(() -> o.integers("bad", 1, 64)).hasMessageContaining("--bad");
    }
}
