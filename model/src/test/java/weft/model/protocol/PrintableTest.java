package weft.model.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PrintableTest {
    @Test
    @DisplayName("A newline cannot forge a log line: control characters become escapes")
    void escapesControlCharacters() {
        assertThat(Printable.of("boom\n12:00:00 INFO forged")).isEqualTo("boom\\n12:00:00 INFO forged");
        assertThat(Printable.of("a\rb\tc\\d\u001b[31m\u2028")).isEqualTo("a\\rb\\tc\\\\d\\u001b[31m\\u2028");
        assertThat(Printable.of(null)).isEqualTo("null");
        assertThat(Printable.of("h1 \u00e9\ud83d\ude00")).as("printable text stays").isEqualTo("h1 \u00e9\ud83d\ude00");
    }

    @Test
    @DisplayName("Long text is cut at 160 characters with a count of the rest")
    void cutsLongText() {
        assertThat(Printable.of("x".repeat(1000))).isEqualTo("x".repeat(160) + "...(840 more chars)");
    }

    @Property(tries = 500)
    @Label("Whatever the peer sends, the logged text has no line break or control character")
    void neverALineBreak(@ForAll String text) {
        String safe = Printable.of(text);
        assertThat(safe.chars().noneMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029)).isTrue();
        assertThat(safe.length()).isLessThanOrEqualTo(Printable.MAX_CHARS + 40);
    }
}
