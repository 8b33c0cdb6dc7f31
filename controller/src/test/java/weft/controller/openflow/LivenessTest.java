package weft.controller.openflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.openflow.Liveness.Verdict;

/** The keepalive rule on stepped ticks: echo when quiet, close after echoMisses quiet or stalled intervals. */
class LivenessTest {
    /** The verdicts of {@code n} ticks of a writable connection that heard nothing. */
    private static List<Verdict> quiet(Liveness l, int n) {
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            verdicts.add(l.tick(true, 0));
        }
        return verdicts;
    }

    @Test
    @DisplayName("a quiet switch gets an echo each interval and is closed at the third quiet interval")
    void quietSwitch() {
        Liveness l = new Liveness(3);
        assertThat(quiet(l, 3)).containsExactly(Verdict.SEND_ECHO, Verdict.SEND_ECHO, Verdict.CLOSE_QUIET);
        assertThat(l.quietTicks()).isEqualTo(3);
    }

    @Test
    @DisplayName("a message in an interval keeps the switch alive and starts the quiet count again")
    void heardResets() {
        Liveness l = new Liveness(3);
        assertThat(quiet(l, 2)).containsExactly(Verdict.SEND_ECHO, Verdict.SEND_ECHO);
        l.heard();
        assertThat(l.tick(true, 0)).isEqualTo(Verdict.ALIVE);
        assertThat(l.quietTicks()).isZero();
        assertThat(quiet(l, 3)).containsExactly(Verdict.SEND_ECHO, Verdict.SEND_ECHO, Verdict.CLOSE_QUIET);
    }

    @Test
    @DisplayName("unwritable: no echo is queued; the switch is closed once it read nothing for echoMisses ticks")
    void stalledSwitch() {
        Liveness l = new Liveness(2);
        assertThat(l.tick(false, 1000)).as("first unwritable tick: the baseline").isEqualTo(Verdict.ALIVE);
        assertThat(l.tick(false, 1000)).isEqualTo(Verdict.ALIVE);
        assertThat(l.stalledTicks()).isEqualTo(1);
        assertThat(l.tick(false, 1200)).isEqualTo(Verdict.CLOSE_STALLED);
    }

    @Test
    @DisplayName("a switch that reads some of our bytes is not stalled; writable again clears the count")
    void progressIsNotAStall() {
        Liveness l = new Liveness(2);
        l.tick(false, 1000);
        assertThat(l.tick(false, 1000)).isEqualTo(Verdict.ALIVE);
        assertThat(l.tick(false, 400)).as("it read 600 bytes").isEqualTo(Verdict.ALIVE);
        assertThat(l.stalledTicks()).isZero();
        l.tick(false, 400);
        l.writable();
        assertThat(l.stalledTicks()).isZero();
        assertThat(l.tick(false, 400)).as("a new baseline after writable").isEqualTo(Verdict.ALIVE);
        assertThat(l.stalledTicks()).isZero();
    }

    @Test
    @DisplayName("echoMisses below 1 is refused naming the parameter")
    void badMisses() {
        assertThatThrownBy(() -> new Liveness(0)).hasMessage("echoMisses must be >= 1, got 0");
    }
}
