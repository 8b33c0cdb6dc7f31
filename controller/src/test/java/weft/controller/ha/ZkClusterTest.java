package weft.controller.ha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.KillSession;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import weft.controller.testing.Await;

/**
 * Three {@link ZkCluster} nodes on curator-test's TestingServer (a real ZooKeeper server in this JVM, tick 100 ms
 * so sessions may be short): election, epochs, takeover after a crash, the crashed node back as a standby,
 * fenced state, duplicate ids.
 */
class ZkClusterTest {
    private static final Duration SESSION = Duration.ofMillis(1500);
    private TestingServer server;
    private final List<ZkCluster> nodes = new ArrayList<>();
    private final List<String> changes = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 100, -1), true);
    }

    @AfterEach
    void stop() throws Exception {
        for (ZkCluster n : nodes) {
            n.close();
        }
        server.close();
    }

    private ZkCluster node(String id) {
        HaOptions o = HaOptions.parse("zk://" + server.getConnectString() + "/weft", id, SESSION,
                new Member(id, "127.0.0.1:66" + id.substring(1), null, "127.0.0.1:80" + id.substring(1)));
        ZkCluster n = ZkCluster.create(o).onChange(c -> changes.add(id + " " + c.role() + " " + c.epoch() + " "
                + c.master()));
        nodes.add(n);
        return n.join();
    }

    /** Node {@code id}, the first to join: once it is master. */
    private ZkCluster master(String id) throws InterruptedException {
        ZkCluster n = node(id);
        Await.until(id + " to be master", () -> n.mastership().mayWrite());
        return n;
    }

    /** Node {@code id}, joined after node {@code master} became master: once it knows that master. */
    private ZkCluster standby(String id, String master) throws InterruptedException {
        ZkCluster n = node(id);
        Await.until(id + " to know " + master, () -> master.equals(n.mastership().master()));
        return n;
    }

    private List<ZkCluster> masters() {
        return nodes.stream().filter(n -> n.mastership().mayWrite()).toList();
    }

    /** Three nodes: c1 joined first and is master, then c2 and c3 joined and know it. */
    @Nested
    class ThreeNodes {
        private ZkCluster c1;
        private ZkCluster c2;
        private ZkCluster c3;

        @BeforeEach
        void join() throws Exception {
            c1 = master("c1");
            c2 = standby("c2", "c1");
            c3 = standby("c3", "c1");
        }

        @Test
        @DisplayName("three nodes: one master at epoch 1, two standbys that know it, three members")
        void oneMaster() throws Exception {
            assertThat(masters()).containsExactly(c1);
            assertThat(c1.mastership().epoch()).isEqualTo(1);
            Await.until("three members", () -> c3.view().members().size() == 3);
            ClusterView v = c3.view();
            assertThat(v.self()).isEqualTo("c3");
            assertThat(v.role()).isEqualTo(Mastership.Role.STANDBY);
            assertThat(v.master().id()).isEqualTo("c1");
            assertThat(v.master().openflow()).isEqualTo("127.0.0.1:661");
            assertThat(v.epoch()).isEqualTo(1);
            assertThat(v.members()).extracting(Member::id).containsExactly("c1", "c2", "c3");
            assertThat(changes).contains("c1 MASTER 1 c1", "c2 STANDBY 1 c1", "c3 STANDBY 1 c1");
        }

        @Test
        @DisplayName("the master's session expires: a standby takes over at epoch 2, the old master comes back "
                + "standby")
        void takeoverAfterCrash() throws Exception {
            KillSession.kill(c1.client().getZookeeperClient().getZooKeeper());
            Await.until("a new master at epoch 2", () -> c2.mastership().epoch() == 2
                    && c3.mastership().epoch() == 2 && masters().size() == 1 && masters().get(0) != c1);
            ZkCluster winner = masters().get(0);
            Await.until("c1 to follow the new master",
                    () -> winner.view().self().equals(c1.mastership().master()));
            assertThat(c1.mastership().mayWrite()).isFalse();
            assertThat(c1.view().role()).isEqualTo(Mastership.Role.STANDBY);
            assertThat(changes).contains("c1 STANDBY 1 null");
            Await.until("c1 a member again", () -> winner.view().members().size() == 3);
        }
    }

    @Test
    @DisplayName("the state store: the master writes, a standby is refused naming the master, the next master reads")
    void stateAcrossFailover() throws Exception {
        ZkCluster c1 = master("c1");
        ZkCluster c2 = standby("c2", "c1");
        c1.store().put("rates", "h1:h2", "30000000".getBytes(StandardCharsets.UTF_8), StateStore.ABSENT);
        assertThatThrownBy(() -> c2.store().put("rates", "h1:h2", new byte[1], StateStore.ANY))
                .isInstanceOf(NotMasterException.class)
                .hasMessage("c2 is a standby; the master is c1 (REST 127.0.0.1:801, OpenFlow 127.0.0.1:661)");
        assertThat(c2.notMaster("PUT /api/rates").getMessage()).isEqualTo("PUT /api/rates: refused by c2, a standby; "
                + "the master is c1 (REST 127.0.0.1:801, OpenFlow 127.0.0.1:661)");
        assertThat(c2.store().get("rates", "h1:h2")).as("reads work on a standby").isPresent();
        c1.close();
        Await.until("c2 master", () -> c2.mastership().mayWrite());
        assertThat(new String(c2.store().get("rates", "h1:h2").orElseThrow().value(), StandardCharsets.UTF_8))
                .isEqualTo("30000000");
        assertThat(c2.store().put("rates", "h1:h2", "1".getBytes(StandardCharsets.UTF_8), 0)).isEqualTo(1);
    }

    @Test
    @DisplayName("a second live controller with the same node id is refused")
    void duplicateId() throws Exception {
        node("c1");
        assertThatThrownBy(() -> node("c1")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("--node-id c1: another live controller is a member of /weft");
    }

    @Test
    @DisplayName("--ha values that are not zk://HOST:PORT/PATH are refused naming the problem")
    void parse() {
        Member m = new Member("c1", "127.0.0.1:6653", null, null);
        assertThatThrownBy(() -> HaOptions.parse("etcd://h:1/w", "c1", SESSION, m)).hasMessageContaining("scheme");
        assertThatThrownBy(() -> HaOptions.parse("zk://h:1", "c1", SESSION, m)).hasMessageContaining("no path");
        assertThatThrownBy(() -> HaOptions.parse("zk://h:99999/w", "c1", SESSION, m))
                .hasMessageContaining("port 99999");
        assertThatThrownBy(() -> HaOptions.parse("zk://h/w", "c1", SESSION, m)).hasMessageContaining("'h' is not");
        assertThatThrownBy(() -> HaOptions.parse("zk://h:1/w x", "c1", SESSION, m)).hasMessageContaining("path");
        assertThatThrownBy(() -> HaOptions.parse("zk://h:1/w", "c 1", SESSION, m)).hasMessageContaining("--node-id");
        assertThatThrownBy(() -> HaOptions.parse("zk://h:1/w", "c1", Duration.ofMillis(10), m))
                .hasMessageContaining("--ha-session-timeout");
        HaOptions o = HaOptions.parse("zk://10.0.0.1:2181,10.0.0.2:2181/weft/lab", "c1", SESSION, m);
        assertThat(o.connectString()).isEqualTo("10.0.0.1:2181,10.0.0.2:2181");
        assertThat(o.root()).isEqualTo("/weft/lab");
    }
}
