package weft.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ControllerAddressesTest {
    private static InetSocketAddress a(String host, int port) {
        return InetSocketAddress.createUnresolved(host, port);
    }

    @Test
    @DisplayName("several controllers are tried in order and round again")
    void rotates() {
        ControllerAddresses c = ControllerAddresses.parse("10.0.0.254:6701, 10.0.0.254:6702,10.0.0.254:6703");
        assertThat(c.current()).isEqualTo(a("10.0.0.254", 6701));
        assertThat(c.next()).isEqualTo(a("10.0.0.254", 6702));
        assertThat(c.next()).isEqualTo(a("10.0.0.254", 6703));
        assertThat(c.next()).isEqualTo(a("10.0.0.254", 6701));
    }

    @Test
    @DisplayName("a standby's not-master goes to the master; a wildcard host means the standby's own host")
    void redirect() {
        ControllerAddresses c = ControllerAddresses.parse("10.0.0.254:6701,10.0.0.254:6702,10.0.0.254:6703");
        assertThat(c.redirect("0.0.0.0:6703", a("10.0.0.254", 6701))).isEqualTo(a("10.0.0.254", 6703));
        assertThat(c.current()).isEqualTo(a("10.0.0.254", 6703));
        assertThat(c.next()).as("after the master, the list goes on from its place").isEqualTo(a("10.0.0.254", 6701));
        assertThat(c.redirect("10.9.9.9:7000", a("10.0.0.254", 6701))).as("a master outside the list")
                .isEqualTo(a("10.9.9.9", 7000));
        assertThat(c.redirect(null, a("10.9.9.9", 7000))).as("election running: the next configured one")
                .isEqualTo(a("10.0.0.254", 6702));
        assertThat(c.redirect("nonsense", a("10.0.0.254", 6702))).isEqualTo(a("10.0.0.254", 6703));
    }

    @Test
    @DisplayName("malformed --controller entries are refused naming the entry")
    void malformed() {
        assertThatThrownBy(() -> ControllerAddresses.parse("10.0.0.1:6700,10.0.0.2"))
                .hasMessage("--controller 10.0.0.1:6700,10.0.0.2: expected HOST:PORT, got '10.0.0.2'");
        assertThatThrownBy(() -> ControllerAddresses.parse("h:0")).hasMessageContaining("port of 'h:0' must be");
        assertThatThrownBy(() -> ControllerAddresses.parse("h:1,")).hasMessageContaining("got ''");
        assertThat(ControllerAddresses.parse("[::1]:6700").current()).isEqualTo(a("::1", 6700));
    }
}
