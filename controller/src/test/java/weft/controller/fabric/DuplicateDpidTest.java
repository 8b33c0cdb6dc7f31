package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import weft.controller.openflow.OfServer;
import weft.controller.openflow.SessionConfig;
import weft.controller.testing.FakeSwitch;
import weft.controller.testing.TestFabrics;
import weft.controller.testing.TestLoop;
import weft.controller.testing.TestServices;
import weft.controller.testing.Await;

/**
 * Two connections claiming one datapath id, over real loopback sockets: the connection that holds the dpid keeps
 * it while it answers echo; one that does not is replaced.
 */
class DuplicateDpidTest {
    private static final long S1 = 0x100;
    @RegisterExtension
    final TestLoop group = new TestLoop();
    private final FabricService fabric = TestServices.quietUpdown(TestFabrics.ring(3));
    private OfServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        fabric.close();
    }

    private FakeSwitch connected(long dpid) throws InterruptedException {
        FakeSwitch s = new FakeSwitch(dpid, 3).connect(group, server.port());
        Await.until("s1 to connect from " + s.address(), () -> fabric.sessions().containsKey("s1")
                && fabric.sessions().get("s1").remote().equals(s.address()));
        return s;
    }

    @Test
    @DisplayName("operator review: an impostor claiming a connected switch's dpid is refused with both addresses "
            + "logged, and its leaving does not mark the real switch down")
    void impostorRefused() throws Exception {
        fabric.start();
        server = OfServer.plain(new InetSocketAddress("127.0.0.1", 0), SessionConfig.defaults(), fabric);
        FakeSwitch real = connected(S1);
        FakeSwitch impostor = new FakeSwitch(S1, 3).connect(group, server.port());
        assertThat(impostor.channel().closeFuture().await(20, TimeUnit.SECONDS)).as("impostor closed").isTrue();
        Await.until("the refusal event", () -> fabric.events().stream()
                .anyMatch(e -> e.kind() == FabricEvent.Kind.DUPLICATE_DPID));
        assertThat(fabric.events()).filteredOn(e -> e.kind() == FabricEvent.Kind.DUPLICATE_DPID).singleElement()
                .satisfies(e -> assertThat(e.detail()).isEqualTo("dpid 0000000000000100 from " + impostor.address()
                        + " refused: already connected from " + real.address() + ", which answers echo"));
        // the server has let the impostor's connection go: its leaving has been handed to the fabric
        Await.until("the impostor's connection to be gone", () -> server.openConnections() == 1);
        assertThat(fabric.sessions().get("s1").remote()).isEqualTo(real.address());
        assertThat(real.channel().isActive()).isTrue();
        assertThat(fabric.events()).noneMatch(e -> e.kind() == FabricEvent.Kind.SWITCH_DOWN);
    }

    @Test
    @DisplayName("a holder that no longer answers echo is taken for a dead connection and replaced by the newcomer")
    void silentHolderReplaced() throws Exception {
        fabric.start();
        server = OfServer.plain(new InetSocketAddress("127.0.0.1", 0), SessionConfig.defaults(), fabric);
        FakeSwitch old = connected(S1);
        old.answerEcho = false;
        FakeSwitch fresh = new FakeSwitch(S1, 3).connect(group, server.port());
        Await.until("the newcomer to hold s1", () -> fabric.sessions().containsKey("s1")
                && fabric.sessions().get("s1").remote().equals(fresh.address()));
        assertThat(old.channel().closeFuture().await(20, TimeUnit.SECONDS)).as("old connection closed").isTrue();
        assertThat(fabric.events()).filteredOn(e -> e.kind() == FabricEvent.Kind.DUPLICATE_DPID).singleElement()
                .satisfies(e -> assertThat(e.detail()).contains("did not answer echo within 1000 ms; replaced by the "
                        + "connection from " + fresh.address()));
        assertThat(fresh.channel().isActive()).isTrue();
    }

}
