package weft.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import weft.agent.clock.SntpResponder;

/** {@code weft agent clock} against a real SNTP responder on a loopback port. */
class AgentClockCommandTest {
    private static JsonNode run(String... args) throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            status = new CommandLine(new AgentClockCommand()).execute(args);
        } finally {
            System.setOut(old);
        }
        JsonNode out = new ObjectMapper().readTree(buf.toString(StandardCharsets.UTF_8));
        ((ObjectNode) out).put("status", status);
        return out;
    }

    @Test
    void measuresTheOffsetAndJudgesItAgainstTheSlot() throws Exception {
        try (SntpResponder r = new SntpResponder(42_000_000L, p -> { })) {
            String server = "127.0.0.1:" + r.address().getPort();
            JsonNode ok = run("--server", server, "--slot-us", "1000000", "--json");
            assertThat(Math.abs(ok.get("offset_ns").asLong() - 42_000_000L)).isLessThanOrEqualTo(ok.get("error_ns")
                    .asLong());
            assertThat(ok.get("tolerance_ns").asLong()).isEqualTo(100_000_000L);
            assertThat(ok.get("usable").asBoolean()).as("%s", ok)
                    .isEqualTo(ok.get("error_ns").asLong() <= 100_000_000L);
            assertThat(ok.get("status").asInt()).isEqualTo(ok.get("usable").asBoolean() ? 0 : 1);
            JsonNode tiny = run("--server", server, "--slot-us", "1", "--json");
            assertThat(tiny.get("tolerance_ns").asLong()).as("a tenth of 1 us").isEqualTo(100);
        }
    }

    @Test
    void reportsABadAnswer() throws Exception {
        try (SntpResponder r = new SntpResponder(0, p -> p.setStratum(0))) {
            JsonNode bad = run("--server", "127.0.0.1:" + r.address().getPort(), "--json");
            assertThat(bad.get("error").asText()).contains("kiss-o'-death");
            assertThat(bad.get("status").asInt()).isEqualTo(1);
        }
    }
}
