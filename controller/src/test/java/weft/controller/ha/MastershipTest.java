package weft.controller.ha;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.ha.Mastership.Change;
import weft.controller.ha.Mastership.Role;

/** {@link Mastership} on a stepped clock (nanoseconds are plain numbers here). */
class MastershipTest {
    private static final long MS = 1_000_000L;

    /** Node c1 (started at 0), elected master at {@code epoch} 1 ms later. */
    private static Mastership masterAt(long epoch) {
        Mastership m = new Mastership("c1", 0);
        m.elected(epoch, MS);
        return m;
    }

    @Test
    @DisplayName("a node starts as standby without a master and writes only once elected")
    void startsStandby() {
        Mastership m = new Mastership("c1", 0);
        assertThat(m.role()).isEqualTo(Role.STANDBY);
        assertThat(m.mayWrite()).isFalse();
        assertThat(m.master()).isNull();
        assertThat(m.epoch()).isEqualTo(-1);
        assertThat(m.masterless(250 * MS)).isEqualTo(250 * MS);

        Change c = m.elected(1, 300 * MS).orElseThrow();
        assertThat(c).isEqualTo(new Change(Role.MASTER, 1, "c1", 300 * MS, 300 * MS));
        assertThat(m.mayWrite()).isTrue();
        assertThat(m.masterless(400 * MS)).isZero();
    }

    @Test
    @DisplayName("a standby follows the master record and measures the time without a master on takeover")
    void standbyMeasuresTakeover() {
        Mastership m = new Mastership("c2", 0);
        assertThat(m.masterIs("c1", 1, 10 * MS)).contains(new Change(Role.STANDBY, 1, "c1", 10 * MS, 10 * MS));
        assertThat(m.masterIs("c1", 1, 11 * MS)).as("the same record again").isEmpty();
        // c1 is killed: its member record goes when its session expires, at 5 s
        assertThat(m.masterGone("c1", 5_000 * MS)).contains(new Change(Role.STANDBY, 1, null, 5_000 * MS, 0));
        assertThat(m.masterGone("c3", 5_001 * MS)).as("a member that is not the master").isEmpty();
        assertThat(m.masterless(5_100 * MS)).isEqualTo(100 * MS);
        // this node wins the election 40 ms later
        Change won = m.elected(2, 5_040 * MS).orElseThrow();
        assertThat(won.role()).isEqualTo(Role.MASTER);
        assertThat(won.epoch()).isEqualTo(2);
        assertThat(won.waitedNanos()).isEqualTo(40 * MS);
        assertThat(m.epoch()).isEqualTo(2);
    }

    @Test
    @DisplayName("old epochs change nothing: a late election result or master record is ignored")
    void epochsOnlyGrow() {
        Mastership m = new Mastership("c2", 0);
        m.masterIs("c3", 5, MS);
        assertThat(m.elected(4, 2 * MS)).as("elected at an epoch older than the known master's").isEmpty();
        assertThat(m.elected(5, 2 * MS)).as("the same epoch belongs to c3").isEmpty();
        assertThat(m.masterIs("c1", 3, 3 * MS)).isEmpty();
        assertThat(m.master()).isEqualTo("c3");
        assertThat(m.mayWrite()).isFalse();
    }

    @Test
    @DisplayName("a master that sees a newer master's record becomes standby at once")
    void newerMasterDeposes() {
        Mastership m = masterAt(1);
        Optional<Change> c = m.masterIs("c2", 2, 9 * MS);
        assertThat(c).contains(new Change(Role.STANDBY, 2, "c2", 9 * MS, 0));
        assertThat(m.mayWrite()).isFalse();
    }

    @Test
    @DisplayName("losing the leadership (latch or suspended connection) stops writes before anyone else is elected")
    void leadershipLost() {
        Mastership m = masterAt(7);
        assertThat(m.leadershipLost(2 * MS)).contains(new Change(Role.STANDBY, 7, null, 2 * MS, 0));
        assertThat(m.mayWrite()).isFalse();
        assertThat(m.leadershipLost(3 * MS)).as("already standby").isEmpty();
        assertThat(m.masterless(10 * MS)).isEqualTo(8 * MS);
        // reconnected and elected again: a new epoch
        assertThat(m.elected(8, 12 * MS).orElseThrow().waitedNanos()).isEqualTo(10 * MS);
    }

    @Test
    @DisplayName("this node's own master record at an epoch it was not told it won does not make it master")
    void ownRecordIsNotElection() {
        Mastership m = new Mastership("c1", 0);
        assertThat(m.masterIs("c1", 4, MS)).isEmpty();
        assertThat(m.mayWrite()).isFalse();
        assertThat(m.elected(4, 2 * MS)).as("epoch 4 was an earlier incarnation's").isEmpty();
        assertThat(m.elected(5, 3 * MS)).isPresent();
    }
}
