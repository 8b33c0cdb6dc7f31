package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LocalFramesTest {
    @Test
    @DisplayName("Each operation's length is checked with a message naming the frame and what was expected")
    void problems() {
        assertThat(LocalFrames.problem(LocalFrames.SEND, 4, -1)).isNull();
        assertThat(LocalFrames.problem(LocalFrames.SEND, 3, -1)).isEqualTo("local api: send frame of 4 bytes, "
                + "expected at least 5 (op + IPv4 destination)");
        assertThat(LocalFrames.problem(LocalFrames.SUBSCRIBE, 0, -1)).isNull();
        assertThat(LocalFrames.problem(LocalFrames.QUERY, 4, -1)).isEqualTo("local api: query frame of 5 bytes, "
                + "expected 6 (op + IPv4 destination + reset flag)");
        assertThat(LocalFrames.problem(LocalFrames.STREAM_OPEN, 7, -1)).isEqualTo("local api: stream open frame "
                + "of 8 bytes, expected 9 (op + stream id)");
        assertThat(LocalFrames.problem(LocalFrames.STREAM_SEND, 4 + StreamFragment.LENGTH, StreamFragment.VERSION))
                .isNull();
        assertThat(LocalFrames.problem(LocalFrames.STREAM_SEND, 4 + StreamFragment.LENGTH, 9)).isEqualTo("local "
                + "api: 'M' frame: stream fragment version 9, expected 1");
        assertThat(LocalFrames.problem(LocalFrames.STREAM_SEND, 2, -1)).startsWith("local api: 'M' frame: frame "
                + "of 3 bytes");
        assertThat(LocalFrames.problem(LocalFrames.STREAM_ACK, 20, -1)).isEqualTo("local api: stream ack frame of "
                + "21 bytes, expected 22 (op + source IPv4 + stream id + next + flags)");
        assertThat(LocalFrames.problem((byte) 'Z', 0, -1)).isEqualTo("local api: unknown operation 0x5a, expected "
                + "S, R, Q, O, M or A");
    }

    @Test
    @DisplayName("Stream ownership is bounded and given up when the connection closes")
    void streamOwners() {
        StreamOwners<String> owners = new StreamOwners<>(2);
        assertThat(owners.claim(1, "a")).isNull();
        assertThat(owners.claim(2, "b")).isNull();
        assertThat(owners.claim(3, "a")).isEqualTo("local api: 2 streams are open on this agent, the most it holds");
        assertThat(owners.claim(2, "a")).as("a reconnecting sender claims its stream again").isNull();
        assertThat(owners.owner(2)).isEqualTo("a");
        owners.closed("a");
        assertThat(owners.owner(1)).isNull();
        assertThat(owners.claim(3, "b")).isNull();
    }
}
