package weft.controller.ha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What every {@link StateStore} does: versions, compare-and-set, namespaces, limits. */
abstract class StateStoreContract {
    /** A store this node may write to, empty. */
    abstract StateStore store();

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    @DisplayName("versions start at 0 and every write increments them")
    void versions() {
        StateStore s = store();
        assertThat(s.get("rates", "h1:h2")).isEmpty();
        assertThat(s.put("rates", "h1:h2", b("30"), StateStore.ABSENT)).isZero();
        assertThat(s.put("rates", "h1:h2", b("40"), 0)).isEqualTo(1);
        assertThat(s.put("rates", "h1:h2", b("50"), StateStore.ANY)).isEqualTo(2);
        StateStore.Versioned v = s.get("rates", "h1:h2").orElseThrow();
        assertThat(new String(v.value(), StandardCharsets.UTF_8)).isEqualTo("50");
        assertThat(v.version()).isEqualTo(2);
    }

    @Test
    @DisplayName("a write that expects an old version changes nothing and names both versions")
    void compareAndSet() {
        StateStore s = store();
        s.put("admissions", "f1", b("a"), StateStore.ABSENT);
        s.put("admissions", "f1", b("b"), 0);
        assertThatThrownBy(() -> s.put("admissions", "f1", b("c"), 0)).isInstanceOf(StaleStateException.class)
                .hasMessage("state admissions/f1: expected version 0, found version 1");
        assertThatThrownBy(() -> s.put("admissions", "f1", b("c"), StateStore.ABSENT))
                .isInstanceOf(StaleStateException.class).hasMessageContaining("expected no value, found version 1");
        assertThatThrownBy(() -> s.put("admissions", "f2", b("c"), 3)).isInstanceOf(StaleStateException.class)
                .hasMessageContaining("expected version 3, found no value");
        assertThat(new String(s.get("admissions", "f1").orElseThrow().value(), StandardCharsets.UTF_8))
                .isEqualTo("b");
    }

    @Test
    @DisplayName("list returns a namespace's keys only; delete checks the version")
    void listAndDelete() {
        StateStore s = store();
        assertThat(s.list("names")).isEmpty();
        s.put("names", "dpid-7d01", b("s1"), StateStore.ABSENT);
        s.put("names", "dpid-7d02", b("s2"), StateStore.ABSENT);
        s.put("other", "x", b("y"), StateStore.ABSENT);
        Map<String, StateStore.Versioned> names = s.list("names");
        assertThat(names).containsOnlyKeys("dpid-7d01", "dpid-7d02");
        assertThatThrownBy(() -> s.delete("names", "dpid-7d01", 5)).isInstanceOf(StaleStateException.class);
        s.delete("names", "dpid-7d01", 0);
        s.delete("names", "dpid-7d01", StateStore.ANY);
        assertThat(s.list("names")).containsOnlyKeys("dpid-7d02");
    }

    @Test
    @DisplayName("bad names and oversize values are refused naming the problem")
    void limits() {
        StateStore s = store();
        assertThatThrownBy(() -> s.put("a/b", "k", b("v"), StateStore.ANY))
                .hasMessageContaining("state namespace 'a/b'");
        assertThatThrownBy(() -> s.put("ns", "..", b("v"), StateStore.ANY)).hasMessageContaining("state key '..'");
        assertThatThrownBy(() -> s.put("ns", "k", new byte[StateStore.MAX_VALUE_BYTES + 1], StateStore.ANY))
                .hasMessageContaining("value of 524289 bytes, at most 524288");
        assertThat(s.list("ns")).isEmpty();
    }

    /** A record for {@link JsonState}. */
    record Rate(String src, String dst, long bitsPerSecond) {
    }

    @Test
    @DisplayName("JsonState keeps records as JSON with their versions")
    void json() {
        JsonState<Rate> rates = new JsonState<>(store(), "rates", Rate.class);
        assertThat(rates.put("h1:h2", new Rate("h1", "h2", 30_000_000), StateStore.ABSENT)).isZero();
        assertThat(rates.get("h1:h2").orElseThrow()).isEqualTo(new JsonState.Typed<>(new Rate("h1", "h2",
                30_000_000), 0));
        assertThat(rates.all()).containsOnlyKeys("h1:h2");
    }
}
