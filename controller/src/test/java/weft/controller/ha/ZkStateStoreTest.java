package weft.controller.ha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** {@link ZkStateStore} on curator-test's TestingServer: the store contract, and fencing by the epoch. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ZkStateStoreTest extends StateStoreContract {
    private TestingServer server;
    private CuratorFramework client;
    private int roots;

    @BeforeAll
    void startServer() throws Exception {
        server = new TestingServer(true);
        client = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100));
        client.start();
        client.blockUntilConnected();
    }

    @AfterAll
    void stopServer() throws Exception {
        client.close();
        server.close();
    }

    /** A fresh cluster root whose epoch znode is at version {@code epoch}. */
    private String root(int epoch) throws Exception {
        String root = "/t" + (++roots);
        client.create().creatingParentsIfNeeded().forPath(root + "/epoch", new byte[0]);
        for (int i = 0; i < epoch; i++) {
            client.setData().forPath(root + "/epoch", new byte[0]);
        }
        return root;
    }

    @Override
    StateStore store() {
        try {
            String root = root(1);
            return new ZkStateStore(client, root, root + "/epoch", () -> 1L);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    @DisplayName("a deposed master's write is refused by ZooKeeper and changes nothing, whatever it believes")
    void fencedByEpoch() throws Exception {
        String root = root(1);
        AtomicLong believed = new AtomicLong(1);
        ZkStateStore old = new ZkStateStore(client, root, root + "/epoch", believed::get);
        old.put("rates", "h1:h2", "30".getBytes(StandardCharsets.UTF_8), StateStore.ABSENT);
        // another controller is elected: the epoch moves to 2 while the old master still believes in epoch 1
        client.setData().forPath(root + "/epoch", "c2".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> old.put("rates", "h1:h2", "1".getBytes(StandardCharsets.UTF_8), 0))
                .isInstanceOf(NotMasterException.class)
                .hasMessage("state rates/h1:h2: not written: epoch 1 is no longer the cluster's (another controller "
                        + "became master)");
        assertThatThrownBy(() -> old.delete("rates", "h1:h2", StateStore.ANY)).isInstanceOf(NotMasterException.class);
        ZkStateStore current = new ZkStateStore(client, root, root + "/epoch", () -> 2L);
        assertThat(new String(current.get("rates", "h1:h2").orElseThrow().value(), StandardCharsets.UTF_8))
                .isEqualTo("30");
        assertThat(current.put("rates", "h1:h2", "40".getBytes(StandardCharsets.UTF_8), 0)).isEqualTo(1);
    }

    @Test
    @DisplayName("a node that is not master does not even send the write")
    void standbyRefusedLocally() throws Exception {
        String root = root(1);
        ZkStateStore standby = new ZkStateStore(client, root, root + "/epoch", () -> {
            throw new NotMasterException("c2 is a standby; the master is c1");
        });
        assertThatThrownBy(() -> standby.put("rates", "k", new byte[1], StateStore.ANY))
                .isInstanceOf(NotMasterException.class).hasMessageContaining("the master is c1");
        assertThat(client.checkExists().forPath(root + "/state")).isNull();
    }
}
