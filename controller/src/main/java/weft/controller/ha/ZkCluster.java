package weft.controller.ha;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This controller's membership of the cluster, in ZooKeeper through Curator: a member znode, the leader election,
 * the epoch, the master record and the state store. Every input (the latch, the connection, the caches) is handed
 * to {@link Mastership} on one thread, and each change it makes goes to the listeners on that thread.
 *
 * <p>Layout under the root (e.g. {@code /weft}):
 * <pre>
 *   leader/          Curator LeaderLatch (ephemeral sequential participants named by node id)
 *   epoch            its version is the current master's epoch; data: that master's id
 *   master           JSON {"epoch": E, "member": {...}}: written by each new master, fenced by the epoch
 *   members/NODE     ephemeral JSON member record ({@link Member}) of every live controller
 *   state/NS/KEY     the state store ({@link ZkStateStore})
 * </pre>
 *
 * <p>Takeover: when the master dies its session ends after the session timeout, ZooKeeper deletes its latch
 * node and member record, the next participant's latch fires, and that node increments the epoch (a versioned
 * {@code setData}), writes the master record and becomes MASTER. A node whose connection is suspended gives the
 * leadership up at once (Curator's standard error policy), so it stops writing before its session can expire.
 *
 * <p>Decision: one class over 350 lines. It is the shell between one Curator client and {@link Mastership}: each
 * method turns one ZooKeeper input (the latch, the connection state, the member and master-record caches) into
 * a call of the pure state machine and publishes what it returns, all on one thread; the epoch fence of every
 * write needs the same client and the same view. The decisions are in {@link Mastership}, tested on its own; the
 * state store ({@link ZkStateStore}) and the member record ({@link Member}) are apart.
 */
public final class ZkCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ZkCluster.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The master record's JSON form. */
    record MasterRecord(long epoch, Member member) {
    }

    private final HaOptions options;
    private final CuratorFramework client;
    private final Mastership mastership;
    private final String epochPath;
    private final String masterPath;
    private final String membersPath;
    private final ExecutorService events;
    private final List<Consumer<Mastership.Change>> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, Member> members = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile Member master;
    private volatile boolean connected;
    private LeaderLatch latch;
    private PersistentNode memberNode;
    private CuratorCache memberCache;
    private CuratorCache masterCache;
    private ZkStateStore store;

    private ZkCluster(HaOptions options) {
        this.options = options;
        this.mastership = new Mastership(options.nodeId(), System.nanoTime());
        this.epochPath = options.root() + "/epoch";
        this.masterPath = options.root() + "/master";
        this.membersPath = options.root() + "/members";
        this.events = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "weft-ha");
            t.setDaemon(true);
            return t;
        });
        int session = (int) options.sessionTimeout().toMillis();
        this.client = CuratorFrameworkFactory.builder().connectString(options.connectString())
                .sessionTimeoutMs(session).connectionTimeoutMs(Math.max(1000, session / 2))
                .retryPolicy(new ExponentialBackoffRetry(100, 10, 1000)).build();
    }

    /**
     * Connects, waits for a previous incarnation of this node id to be gone (its session may still be open for up
     * to the session timeout after a crash), registers this member and joins the election. Listeners added
     * before {@link #join()} hear every change.
     */
    public static ZkCluster create(HaOptions options) {
        return new ZkCluster(options);
    }

    /** Adds a listener of role and master changes (called on the cluster's thread, in order; must not block). */
    public ZkCluster onChange(Consumer<Mastership.Change> listener) {
        listeners.add(listener);
        return this;
    }

    /**
     * Connects and joins.
     *
     * @throws IllegalStateException when ZooKeeper cannot be reached within the session timeout, or another
     *                               live controller already uses this node id
     */
    public ZkCluster join() {
        client.getConnectionStateListenable().addListener((c, state) -> events.execute(() -> onConnection(state)));
        client.start();
        try {
            long wait = options.sessionTimeout().toMillis() + 2_000;
            if (!client.blockUntilConnected((int) wait, TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("--ha zk://" + options.connectString() + options.root()
                        + ": no ZooKeeper server answered within " + wait + " ms");
            }
            connected = true;
            ensure(epochPath);
            ensure(masterPath);
            ensure(membersPath);
            registerMember(wait);
            memberCache = CuratorCache.build(client, membersPath);
            memberCache.listenable().addListener(CuratorCacheListener.builder().forAll((type, old, data) ->
                    events.execute(() -> onMember(type, old, data))).build());
            memberCache.start();
            masterCache = CuratorCache.build(client, masterPath, CuratorCache.Options.SINGLE_NODE_CACHE);
            masterCache.listenable().addListener(CuratorCacheListener.builder().forAll((type, old, data) ->
                    events.execute(() -> onMasterRecord(data))).build());
            masterCache.start();
            store = new ZkStateStore(client, options.root(), epochPath, this::fenceEpoch);
            latch = new LeaderLatch(client, options.root() + "/leader", options.nodeId());
            latch.addListener(new LeaderLatchListener() {
                @Override
                public void isLeader() {
                    events.execute(ZkCluster.this::onLeader);
                }

                @Override
                public void notLeader() {
                    events.execute(ZkCluster.this::onNotLeader);
                }
            }, events);
            latch.start();
            LOG.info("cluster {}{}: joined as {}", options.connectString(), options.root(), options.nodeId());
            return this;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while joining the cluster", e);
        } catch (IllegalStateException e) {
            close();
            throw e;
        } catch (Exception e) {
            close();
            throw new IllegalStateException("--ha zk://" + options.connectString() + options.root() + ": "
                    + e.getMessage(), e);
        }
    }

    private void ensure(String path) throws Exception {
        try {
            client.create().creatingParentsIfNeeded().forPath(path, new byte[0]);
        } catch (KeeperException.NodeExistsException e) {
            // another member created it
        }
    }

    /**
     * Creates the ephemeral member record, waiting out a crashed previous incarnation's session; from then on
     * Curator's {@link PersistentNode} recreates it whenever this node's session is replaced (after an expiry).
     */
    private void registerMember(long waitMillis) throws Exception {
        String path = membersPath + "/" + options.nodeId();
        byte[] record = JSON.writeValueAsBytes(options.self());
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        while (client.checkExists().forPath(path) != null) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("--node-id " + options.nodeId() + ": another live controller "
                        + "is a member of " + options.root() + " under this id (its session did not end within "
                        + waitMillis + " ms)");
            }
            LOG.info("member {} still has a session (a previous run?); waiting for it to end", options.nodeId());
            Thread.sleep(200);
        }
        memberNode = new PersistentNode(client, CreateMode.EPHEMERAL, false, path, record);
        memberNode.start();
        if (!memberNode.waitForInitialCreate(waitMillis, TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("--node-id " + options.nodeId() + ": member record not created within "
                    + waitMillis + " ms");
        }
    }

    // ---- inputs, on the events thread ------------------------------------------------------------------------

    private void onLeader() {
        try {
            Stat stat = new Stat();
            client.getData().storingStatIn(stat).forPath(epochPath);
            if (!latch.hasLeadership()) {
                return;
            }
            Stat bumped = client.setData().withVersion(stat.getVersion()).forPath(epochPath,
                    options.nodeId().getBytes(StandardCharsets.UTF_8));
            long epoch = bumped.getVersion();
            client.transaction().forOperations(
                    client.transactionOp().check().withVersion((int) epoch).forPath(epochPath),
                    client.transactionOp().setData().forPath(masterPath,
                            JSON.writeValueAsBytes(new MasterRecord(epoch, options.self()))));
            master = options.self();
            mastership.elected(epoch, System.nanoTime()).ifPresent(this::publish);
        } catch (Exception e) {
            // another node bumped the epoch first, or the connection went: the latch will say what we are
            LOG.warn("elected, but could not take epoch and master record: {}", e.toString());
        }
    }

    private void onNotLeader() {
        mastership.leadershipLost(System.nanoTime()).ifPresent(this::publish);
    }

    private void onConnection(ConnectionState state) {
        connected = state.isConnected();
        LOG.info("ZooKeeper connection {}", state);
        if (!state.isConnected()) {
            mastership.leadershipLost(System.nanoTime()).ifPresent(this::publish);
        }
        if (state == ConnectionState.RECONNECTED) {
            restoreMember();
        }
    }

    /**
     * After a lost session ZooKeeper has deleted this node's ephemeral member record: write it again under the new
     * session (nothing to do when the session survived the disconnection and the record is still there).
     */
    private void restoreMember() {
        String path = membersPath + "/" + options.nodeId();
        try {
            client.create().withMode(CreateMode.EPHEMERAL).forPath(path, JSON.writeValueAsBytes(options.self()));
            LOG.info("member {} recorded again after its ZooKeeper session was lost", options.nodeId());
        } catch (KeeperException.NodeExistsException e) {
            // the session survived: the record is still ours
        } catch (Exception e) {
            LOG.warn("member {}: cannot record it again after reconnecting: {}", options.nodeId(), e.toString());
        }
    }

    private void onMember(CuratorCacheListener.Type type, ChildData old, ChildData data) {
        ChildData d = data != null ? data : old;
        if (d == null || d.getPath().equals(membersPath)) {
            return;
        }
        String id = d.getPath().substring(membersPath.length() + 1);
        if (type == CuratorCacheListener.Type.NODE_DELETED) {
            members.remove(id);
            mastership.masterGone(id, System.nanoTime()).ifPresent(this::publish);
            return;
        }
        try {
            members.put(id, JSON.readValue(d.getData(), Member.class));
        } catch (IOException e) {
            LOG.warn("member record {} is not a member: {}", d.getPath(), e.getMessage());
        }
    }

    private void onMasterRecord(ChildData data) {
        if (data == null || data.getData() == null || data.getData().length == 0) {
            return;
        }
        try {
            MasterRecord r = JSON.readValue(data.getData(), MasterRecord.class);
            Optional<Mastership.Change> change = mastership.masterIs(r.member().id(), r.epoch(), System.nanoTime());
            if (change.isPresent()) {
                master = r.member();
                publish(change.get());
            }
        } catch (IOException e) {
            LOG.warn("master record {} unreadable: {}", masterPath, e.getMessage());
        }
    }

    private void publish(Mastership.Change change) {
        if (change.master() == null) {
            master = null;
        }
        LOG.info("cluster: {} at epoch {}, master {}{}", change.role(), change.epoch(),
                change.master() == null ? "unknown" : change.master(), change.waitedNanos() == 0 ? ""
                        : String.format(" (%.0f ms without a master)", change.waitedNanos() / 1e6));
        for (Consumer<Mastership.Change> l : listeners) {
            try {
                l.accept(change);
            } catch (RuntimeException e) {
                LOG.error("cluster listener failed on {}", change, e);
            }
        }
    }

    private long fenceEpoch() {
        if (!mastership.mayWrite()) {
            Member m = master;
            throw new NotMasterException(options.nodeId() + " is a standby; the master is "
                    + (m == null ? "not known yet (an election is running)" : m.id() + describe(m)));
        }
        return mastership.epoch();
    }

    private static String describe(Member m) {
        return " (" + (m.rest() == null ? "" : "REST " + m.rest() + ", ") + "OpenFlow " + m.openflow()
                + (m.agents() == null ? "" : ", agents " + m.agents()) + ")";
    }

    // ---- views ----------------------------------------------------------------------------------------------

    /** The Curator client (tests crash a node by expiring its session). */
    CuratorFramework client() {
        return client;
    }

    /** This node's role machine (read-only use: role, epoch, master). */
    public Mastership mastership() {
        return mastership;
    }

    /** The state store, fenced by this node's epoch. */
    public StateStore store() {
        return store;
    }

    /** The known master's record, or null. */
    public Member master() {
        return master;
    }

    /**
     * The error a standby answers a write with: names this node and the master with its addresses, so a client
     * (or an operator) can go there.
     */
    public NotMasterException notMaster(String what) {
        Member m = master;
        return new NotMasterException(what + ": refused by " + options.nodeId() + ", a standby; the master is "
                + (m == null ? "not known yet (an election is running)" : m.id() + describe(m)));
    }

    public ClusterView view() {
        List<Member> live = new ArrayList<>(new TreeMap<>(members).values());
        return new ClusterView(options.nodeId(), mastership.role(), master, mastership.epoch(), live, connected);
    }

    /** Leaves the cluster: deletes the member record, then gives up the leadership (the session closes). */
    @Override
    public void close() {
        try {
            // the member record goes first: the others see the master gone (and time the takeover from then)
            // before its leadership ends and the next participant is elected
            if (memberNode != null) {
                memberNode.close();
            }
            if (latch != null && latch.getState() == LeaderLatch.State.STARTED) {
                latch.close(LeaderLatch.CloseMode.NOTIFY_LEADER);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("leaving the cluster: {}", e.toString());
        }
        if (memberCache != null) {
            memberCache.close();
        }
        if (masterCache != null) {
            masterCache.close();
        }
        client.close();
        events.shutdown();
        try {
            events.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
