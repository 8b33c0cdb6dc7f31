package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The statistics JSON as agents and {@code weft agent perf} read it: field names, order and nesting. */
class PathStatsTest {
    @Test
    @DisplayName("The receiver's counters and the sender's reply, byte for byte")
    void format() {
        byte[] receiver = PathStats.encode(new PathStats.Receiver(3, 4542, 10, 20, 5, 15, 1, 3, 0,
                new PathStats.Delay(10, 20, 30, 40), new PathStats.Resequencer(0, 1, 0, 100_000)));
        assertThat(new String(receiver, StandardCharsets.UTF_8)).isEqualTo("{\"packets\":3,\"bytes\":4542,"
                + "\"first_ns\":10,\"last_ns\":20,\"first_sent_ns\":5,\"last_sent_ns\":15,"
                + "\"reordered_arrivals\":1,\"delivered\":3,\"out_of_order_deliveries\":0,"
                + "\"delay_us\":{\"p50\":10,\"p90\":20,\"p99\":30,\"max\":40},"
                + "\"resequencer\":{\"timeouts\":0,\"fixed\":1,\"skipped\":0,\"age_threshold_us\":100000}}");
        assertThat(PathStats.reply(new PathStats.Sender(3, 4458, 0, 50_000_000L, 0L), receiver, "10.0.0.2"))
                .isEqualTo("{\"sender\":{\"sent_packets\":3,\"sent_bytes\":4458,\"dropped_packets\":0,"
                        + "\"rate_bps\":50000000,\"stall_lost_ns\":0},\"receiver\":"
                        + new String(receiver, StandardCharsets.UTF_8) + "}");
        assertThat(PathStats.reply(new PathStats.Sender(0, 0, 0, null, null), PathStats.STARTED, "10.0.0.2"))
                .as("no VOQ: no rate").isEqualTo("{\"sender\":{\"sent_packets\":0,\"sent_bytes\":0,"
                        + "\"dropped_packets\":0},\"receiver\":{}}");
    }

    @Test
    @DisplayName("A peer's reply that is not one JSON object is an error naming the peer")
    void badPeerReplies() {
        assertThatThrownBy(() -> PathStats.reply(new PathStats.Sender(0, 0, 0, null, null),
                "{\"packets\":".getBytes(StandardCharsets.UTF_8), "10.0.0.9"))
                .hasMessageStartingWith("statistics reply from 10.0.0.9 is not JSON");
        assertThatThrownBy(() -> PathStats.reply(new PathStats.Sender(0, 0, 0, null, null),
                "[1]".getBytes(StandardCharsets.UTF_8), "10.0.0.9"))
                .hasMessage("statistics reply from 10.0.0.9 is not a JSON object");
    }
}
