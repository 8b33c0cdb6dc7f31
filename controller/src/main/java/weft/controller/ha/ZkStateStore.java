package weft.controller.ha;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.data.Stat;

/**
 * The {@link StateStore} of a cluster, in ZooKeeper: {@code ROOT/state/NAMESPACE/KEY} holds a value, and the
 * znode's version is the value's version. Every write is one ZooKeeper multi-operation that first checks that the
 * epoch znode still has the writer's epoch as its version, then creates, sets (with the expected version) or
 * deletes the key: a node that is not master, or was deposed since it read its epoch, changes nothing
 * ({@link NotMasterException}), and a writer that read an old version changes nothing
 * ({@link StaleStateException}).
 */
public final class ZkStateStore implements StateStore {
    private final CuratorFramework client;
    private final String root;
    private final String epochPath;
    private final LongSupplier fence;

    /**
     * @param client    a started Curator client
     * @param root      the cluster's znode
     * @param epochPath the epoch znode whose version fences writes
     * @param fence     this node's epoch as master; throws {@link NotMasterException} when it is not master
     */
    public ZkStateStore(CuratorFramework client, String root, String epochPath, LongSupplier fence) {
        this.client = client;
        this.root = root + "/state";
        this.epochPath = epochPath;
        this.fence = fence;
    }

    @Override
    public Optional<Versioned> get(String namespace, String key) {
        StateStore.check(namespace, key, null);
        try {
            Stat stat = new Stat();
            byte[] data = client.getData().storingStatIn(stat).forPath(path(namespace, key));
            return Optional.of(new Versioned(data, stat.getVersion()));
        } catch (KeeperException.NoNodeException e) {
            return Optional.empty();
        } catch (Exception e) {
            throw failure("read " + namespace + "/" + key, e);
        }
    }

    @Override
    public Map<String, Versioned> list(String namespace) {
        StateStore.check(namespace, null, null);
        Map<String, Versioned> out = new TreeMap<>();
        List<String> keys;
        try {
            keys = client.getChildren().forPath(root + "/" + namespace);
        } catch (KeeperException.NoNodeException e) {
            return Map.of();
        } catch (Exception e) {
            throw failure("list " + namespace, e);
        }
        for (String key : keys) {
            get(namespace, key).ifPresent(v -> out.put(key, v));
        }
        return out;
    }

    @Override
    public int put(String namespace, String key, byte[] value, int expectedVersion) {
        StateStore.check(namespace, key, value);
        long epoch = fence.getAsLong();
        String path = path(namespace, key);
        int expected = expectedVersion;
        for (int attempt = 0; ; attempt++) {
            if (expected == ANY) {
                expected = get(namespace, key).map(Versioned::version).orElse(ABSENT);
            }
            try {
                ensureNamespace(namespace);
                CuratorOp write = expected == ABSENT
                        ? client.transactionOp().create().forPath(path, value)
                        : client.transactionOp().setData().withVersion(expected).forPath(path, value);
                client.transaction().forOperations(check(epoch), write);
                return expected == ABSENT ? 0 : expected + 1;
            } catch (KeeperException e) {
                if (expectedVersion == ANY && !epochFailed(e) && attempt < 10) {
                    expected = ANY; // lost a race with our own earlier write: read again
                    continue;
                }
                throw refused(namespace, key, expected, epoch, e);
            } catch (Exception e) {
                throw failure("write " + namespace + "/" + key, e);
            }
        }
    }

    @Override
    public void delete(String namespace, String key, int expectedVersion) {
        StateStore.check(namespace, key, null);
        long epoch = fence.getAsLong();
        int expected = expectedVersion;
        if (expected == ANY) {
            Optional<Versioned> now = get(namespace, key);
            if (now.isEmpty()) {
                return;
            }
            expected = now.get().version();
        }
        try {
            client.transaction().forOperations(check(epoch),
                    client.transactionOp().delete().withVersion(expected).forPath(path(namespace, key)));
        } catch (KeeperException e) {
            throw refused(namespace, key, expected, epoch, e);
        } catch (Exception e) {
            throw failure("delete " + namespace + "/" + key, e);
        }
    }

    private CuratorOp check(long epoch) throws Exception {
        return client.transactionOp().check().withVersion((int) epoch).forPath(epochPath);
    }

    private void ensureNamespace(String namespace) throws Exception {
        if (client.checkExists().forPath(root + "/" + namespace) == null) {
            try {
                client.create().creatingParentsIfNeeded().forPath(root + "/" + namespace);
            } catch (KeeperException.NodeExistsException e) {
                // created by an earlier write of ours that raced this one
            }
        }
    }

    /** True when the epoch check (the first operation of the multi) is what failed. */
    private static boolean epochFailed(KeeperException e) {
        List<OpResult> results = e.getResults();
        return results != null && !results.isEmpty() && results.get(0) instanceof OpResult.ErrorResult r
                && r.getErr() != KeeperException.Code.OK.intValue()
                && r.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue();
    }

    private RuntimeException refused(String namespace, String key, int expected, long epoch, KeeperException e) {
        if (epochFailed(e)) {
            return new NotMasterException("state " + namespace + "/" + key + ": not written: epoch " + epoch
                    + " is no longer the cluster's (another controller became master)");
        }
        Optional<Versioned> now = get(namespace, key);
        return new StaleStateException("state " + namespace + "/" + key + ": expected "
                + LocalStateStore.describe(expected) + ", found "
                + LocalStateStore.describe(now.map(Versioned::version).orElse(ABSENT)));
    }

    private static IllegalStateException failure(String what, Exception e) {
        return new IllegalStateException("state store: cannot " + what + ": " + e.getMessage(), e);
    }

    private String path(String namespace, String key) {
        return root + "/" + namespace + "/" + key;
    }
}
