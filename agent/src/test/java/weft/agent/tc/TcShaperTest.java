package weft.agent.tc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import weft.model.protocol.DestinationRate;

/** The tc commands the shaper issues, recorded by a hand-written runner (no kernel needed). */
class TcShaperTest {
    private final List<String> commands = new ArrayList<>();
    private int failOn = -1;

    private TcShaperTest.Recorder recorder() {
        return new Recorder();
    }

    private final class Recorder implements TcShaper.CommandRunner {
        @Override
        public Result run(List<String> command) {
            commands.add(String.join(" ", command));
            return commands.size() - 1 == failOn ? new Result(2, "RTNETLINK answers: File exists") : new Result(0, "");
        }
    }

    private static DestinationRate rate(String ip, long bps) {
        return new DestinationRate("h", ip, 7470, bps, "sd", List.of(), 0);
    }

    @Test
    void installsOneHtbClassPerDestinationAndChangesRatesInPlace() {
        TcShaper tc = new TcShaper("eth0", 1_000_000_000L, 3076, recorder());
        tc.apply(List.of(rate("10.0.0.2", 50_000_000L), rate("10.0.0.3", 10_000_000L)));
        tc.apply(List.of(rate("10.0.0.2", 20_000_000L), rate("10.0.0.3", 10_000_000L)));
        tc.close();
        assertThat(commands).containsExactly(
                "tc qdisc add dev eth0 root handle 1: stab overhead -14 htb default ffff",
                "tc class add dev eth0 parent 1: classid 1:1 htb rate 1000000000bit ceil 1000000000bit",
                "tc class add dev eth0 parent 1:1 classid 1:ffff htb rate 1000000000bit ceil 1000000000bit",
                "tc class add dev eth0 parent 1:1 classid 1:10 htb rate 50000000bit ceil 50000000bit burst 6250b "
                        + "cburst 6250b",
                "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dst 10.0.0.2/32 flowid 1:10",
                "tc class add dev eth0 parent 1:1 classid 1:11 htb rate 10000000bit ceil 10000000bit burst 3076b "
                        + "cburst 3076b",
                "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dst 10.0.0.3/32 flowid 1:11",
                "tc class change dev eth0 parent 1:1 classid 1:10 htb rate 20000000bit ceil 20000000bit burst 3076b "
                        + "cburst 3076b",
                "tc qdisc del dev eth0 root handle 1:");
        assertThat(tc.classFor("10.0.0.3")).isNull();
    }

    @Test
    void aFailedCommandNamesItselfAndLeavesNoHalfClass() {
        failOn = 3;
        TcShaper tc = new TcShaper("eth0", 1_000_000_000L, 3076, recorder());
        assertThatThrownBy(() -> tc.apply(List.of(rate("10.0.0.2", 50_000_000L))))
                .isInstanceOf(TcException.class)
                .hasMessage("tc class add dev eth0 parent 1:1 classid 1:10 htb rate 50000000bit ceil 50000000bit "
                        + "burst 6250b cburst 6250b: exit 2: RTNETLINK answers: File exists");
        assertThat(tc.classFor("10.0.0.2")).isNull();
        assertThatThrownBy(() -> new TcShaper("a-very-long-device", 1, 1, recorder()))
                .hasMessageContaining("1..15 characters");
    }
}
