package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AgentTokenTest {
    @Test
    @DisplayName("A 1-character, short, spaced or one-letter token is refused naming the source, never the token")
    void weakTokensAreRefused() {
        assertThatThrownBy(() -> AgentToken.of("x", "--agent-token-file t")).hasMessage("--agent-token-file t: the "
                + "agent token has 1 characters, expected at least 16; make one with: openssl rand -hex 16");
        assertThatThrownBy(() -> AgentToken.of("", "WEFT_AGENT_TOKEN")).hasMessageStartingWith("WEFT_AGENT_TOKEN: no "
                + "agent token");
        assertThatThrownBy(() -> AgentToken.of("0123456789abc def", "f")).hasMessageContaining("space or control "
                + "character at index 13");
        assertThatThrownBy(() -> AgentToken.of("abababababababababababab", "f"))
                .hasMessage("f: the agent token is too predictable (2 distinct characters in 24, about 24 bits), "
                        + "expected at least 64 bits; make one with: openssl rand -hex 16")
                .hasMessageNotContaining("abababab");
    }

    @Test
    @DisplayName("32 hex digits are accepted, compared exactly, and never printed")
    void goodTokensMatchExactly() {
        String hex = "3f9a0c7e12b45d6f8091a2b3c4d5e6f7";
        AgentToken t = AgentToken.of(hex, "f");
        assertThat(t.matches(hex)).isTrue();
        assertThat(t.matches(hex.substring(1))).isFalse();
        assertThat(t.matches(hex + "0")).isFalse();
        assertThat(t.matches(null)).isFalse();
        assertThat(t.toString()).doesNotContain(hex);
    }
}
