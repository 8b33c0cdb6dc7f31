package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The reliable stream's go-back-N on a stepped clock: buffer bound, cumulative acks, gap and restart replays, probes
 * and what their answer replays, the timeout's back-off and its reset on reconnect.
 */
class GoBackNTest {
    private static final long MS = 1_000_000L;
    private long now = Long.MAX_VALUE - 2_000 * MS; // timeouts cross the clock's wrap
    private final GoBackN gbn = new GoBackN(10, now);

    private void accept(int... lengths) {
        for (int n : lengths) {
            assertThat(gbn.hasRoom(n)).isTrue();
            gbn.wrote(gbn.accept(new byte[n]), now);
        }
    }

    private static List<Integer> lengths(GoBackN.Batch b) {
        return b.messages().stream().map(m -> m.length).toList();
    }

    @Test
    @DisplayName("The buffer holds at most its bound of unacknowledged data; a cumulative ack frees it in order")
    void boundAndCumulativeAcks() {
        accept(4, 3, 3);
        assertThat(gbn.hasRoom(1)).as("10 of 10 bytes held").isFalse();
        assertThat(gbn.onAck(2, false, false, now)).isTrue();
        assertThat(gbn.acked()).isEqualTo(2);
        assertThat(gbn.unacknowledged()).isEqualTo(1);
        assertThat(gbn.hasRoom(7)).isTrue();
        assertThat(gbn.onAck(5, false, false, now)).as("beyond what was sent: ignored").isFalse();
        assertThat(gbn.onAck(1, false, false, now)).as("behind: ignored").isFalse();
        assertThat(gbn.acked()).isEqualTo(2);
    }

    @Test
    @DisplayName("A gap ack that does not advance replays everything once per position; a duplicate's ack does not")
    void gapAcksReplayOncePerPosition() {
        accept(1, 2, 3);
        gbn.onAck(0, false, false, now);
        assertThat(gbn.replayDue(now)).as("an ack for a duplicate: the receiver is ahead").isZero();
        gbn.onAck(0, true, false, now);
        assertThat(gbn.replayDue(now)).isEqualTo(Integer.MAX_VALUE);
        GoBackN.Batch b = gbn.replay(Integer.MAX_VALUE);
        assertThat(b.first()).isZero();
        assertThat(lengths(b)).containsExactly(1, 2, 3);
        assertThat(gbn.replayedMessages()).isEqualTo(3);
        gbn.replayEnded(now);
        gbn.onAck(0, true, false, now);
        assertThat(gbn.replayDue(now)).as("the same gap again: no second replay").isZero();
        gbn.onAck(1, false, false, now);
        gbn.onAck(1, true, false, now);
        assertThat(gbn.replayDue(now)).as("a gap at a new position").isEqualTo(Integer.MAX_VALUE);
        assertThat(lengths(gbn.replay(Integer.MAX_VALUE))).containsExactly(2, 3);
    }

    @Test
    @DisplayName("No progress for 1 s from the last replay sends one probe; the timeout doubles to 8 s and resets "
            + "on progress")
    void timeoutProbesWithBackoff() {
        accept(1, 2);
        now += 1_000 * MS;
        assertThat(gbn.replayDue(now)).as("1 s exactly: not yet").isZero();
        now += MS;
        assertThat(gbn.replayDue(now)).isEqualTo(1);
        assertThat(lengths(gbn.replay(1))).containsExactly(1);
        gbn.replayEnded(now);
        now += 2_000 * MS;
        assertThat(gbn.replayDue(now)).as("the timeout doubled to 2 s").isZero();
        now += MS;
        assertThat(gbn.replayDue(now)).isEqualTo(1);
        for (int i = 0; i < 5; i++) {
            gbn.replay(1);
            gbn.replayEnded(now);
            now += 8_001 * MS;
            assertThat(gbn.replayDue(now)).as("at most 8 s").isEqualTo(1);
        }
        gbn.onAck(1, false, false, now);
        assertThat(gbn.replayDue(now)).as("the probe's answer replays the rest at once").isEqualTo(Integer.MAX_VALUE);
        assertThat(lengths(gbn.replay(Integer.MAX_VALUE))).containsExactly(2);
        gbn.replayEnded(now);
        now += 1_001 * MS;
        assertThat(gbn.replayDue(now)).as("back to 1 s after progress").isEqualTo(1);
        gbn.onAck(2, false, false, now);
        now += 10_000 * MS;
        assertThat(gbn.replayDue(now)).as("nothing outstanding").isZero();
    }

    @Test
    @DisplayName("After a restart the loss is replayed at once, not one message per timeout: the probe's answer "
            + "replays the rest")
    void probeAnswerReplaysTheRest() {
        accept(1, 1, 1, 1, 1);
        gbn.onAck(1, false, false, now);
        // messages 1..4 were lost with a restarted receiving agent, and no later message reaches the receiver
        now += 1_001 * MS;
        assertThat(gbn.replayDue(now)).as("silence: one probe").isEqualTo(1);
        GoBackN.Batch probe = gbn.replay(1);
        assertThat(probe.first()).isEqualTo(1);
        gbn.replayEnded(now);
        now += 5 * MS;
        gbn.onAck(2, false, false, now);
        assertThat(gbn.replayDue(now)).as("the probe was delivered: 2..4 are lost").isEqualTo(Integer.MAX_VALUE);
        GoBackN.Batch rest = gbn.replay(Integer.MAX_VALUE);
        assertThat(rest.first()).isEqualTo(2);
        assertThat(rest.messages()).hasSize(3);
        gbn.replayEnded(now);
        gbn.onAck(3, false, false, now);
        assertThat(gbn.replayDue(now)).as("an ordinary ack after the replay: nothing more").isZero();
    }

    @Test
    @DisplayName("A probe answered by an ack covering everything written replays nothing (only the acks were lost)")
    void probeAnswerAheadReplaysNothing() {
        accept(1, 1, 1);
        now += 1_001 * MS;
        assertThat(gbn.replayDue(now)).isEqualTo(1);
        gbn.replay(1);
        gbn.replayEnded(now);
        gbn.onAck(3, false, false, now);
        assertThat(gbn.replayDue(now)).isZero();
        assertThat(gbn.unacknowledged()).isZero();
    }

    @Test
    @DisplayName("A restart ack replays from the receiver's position even where a gap replay already ran")
    void restartAckReplaysAgain() {
        accept(1, 2, 3);
        gbn.onAck(0, true, false, now);
        assertThat(gbn.replayDue(now)).isEqualTo(Integer.MAX_VALUE);
        gbn.replay(Integer.MAX_VALUE);
        gbn.replayEnded(now);
        gbn.onAck(0, true, false, now);
        assertThat(gbn.replayDue(now)).as("the same gap: no second replay").isZero();
        gbn.onAck(0, true, true, now);
        assertThat(gbn.replayDue(now)).as("the receiving agent restarted: replay again").isEqualTo(Integer.MAX_VALUE);
        assertThat(lengths(gbn.replay(Integer.MAX_VALUE))).containsExactly(1, 2, 3);
        gbn.replayEnded(now);
        gbn.onAck(1, true, true, now);
        assertThat(gbn.replayDue(now)).as("a restart ack that advances replays from its position")
                .isEqualTo(Integer.MAX_VALUE);
        assertThat(lengths(gbn.replay(Integer.MAX_VALUE))).containsExactly(2, 3);
    }

    @Test
    @DisplayName("A reconnect restarts the timeout at 1 s after it had backed off, and forgets replayed gap positions")
    void reconnectResetsBackoff() {
        accept(1, 2);
        for (int i = 0; i < 4; i++) {
            now += 9_000 * MS;
            assertThat(gbn.replayDue(now)).isEqualTo(1);
            gbn.replay(1);
            gbn.replayEnded(now);
        }
        gbn.onAck(0, true, false, now);
        assertThat(gbn.replayDue(now)).isEqualTo(Integer.MAX_VALUE);
        gbn.replay(Integer.MAX_VALUE);
        gbn.replayEnded(now);
        gbn.connected(now);
        gbn.replay(Integer.MAX_VALUE); // the shell replays everything on connect
        gbn.replayEnded(now);
        now += 1_001 * MS;
        assertThat(gbn.replayDue(now)).as("1 s again, not 8 s").isEqualTo(1);
        gbn.replay(1);
        gbn.replayEnded(now);
        gbn.onAck(0, true, false, now);
        assertThat(gbn.replayDue(now)).as("a gap at the position replayed before the reconnect")
                .isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    @DisplayName("A replay on reconnect counts only messages already written once")
    void replayCountsRewrites() {
        gbn.accept(new byte[1]);
        gbn.accept(new byte[1]);
        gbn.wrote(0, now);
        assertThat(gbn.written(1)).isFalse();
        assertThat(gbn.replay(Integer.MAX_VALUE).messages()).hasSize(2);
        assertThat(gbn.replayedMessages()).as("message 1 was never written before").isEqualTo(1);
        assertThat(gbn.written(1)).isTrue();
    }

    @Test
    @DisplayName("A measured round trip of 3 s sets the timeout to 9 s (RFC 6298: srtt + 4 x rttvar), so acks that "
            + "come late but come start no probe; a replayed message is not timed (Karn)")
    void measuredRoundTripLengthensTheTimeout() {
        accept(1);
        now += 3_000 * MS;
        gbn.onAck(1, false, false, now);
        assertThat(gbn.baseRto()).isEqualTo(9_000 * MS);
        accept(1);
        now += 1_001 * MS;
        assertThat(gbn.replayDue(now)).as("1 s of silence is no longer a loss").isZero();
        now += 8_000 * MS;
        assertThat(gbn.replayDue(now)).as("9 s is").isEqualTo(1);
        gbn.replay(1);
        gbn.replayEnded(now);
        now += 60_000 * MS;
        gbn.onAck(2, false, false, now);
        assertThat(gbn.baseRto()).as("the replayed message's ack is no sample").isEqualTo(9_000 * MS);
    }
}
