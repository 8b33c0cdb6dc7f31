package weft.controller.fabric;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.AgentCluster;
import weft.controller.ha.HandSetRate;
import weft.controller.ha.JsonState;
import weft.controller.ha.Mastership;
import weft.controller.ha.Member;
import weft.controller.ha.NotMasterException;
import weft.controller.ha.StateStore;
import weft.controller.ha.ZkCluster;
import weft.controller.program.PairRates;
import weft.model.protocol.ControlMessage;

/**
 * Ties a controller's parts to its cluster role: each change of {@link Mastership} goes to the fabric service
 * (role requests to every switch; a new master reconciles) and to the agent registry (a new master takes the
 * hand-set rates and CRP bookings the cluster kept; a standby sends its agents to the master), and the rated-pair
 * table ({@code PUT /api/rates}) the master applies, and in discover mode the hosts it routed, are kept in the
 * cluster's state and restored by the next master before it reconciles. Runs on the cluster's thread.
 */
final class ClusterMember implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterMember.class);
    /** The state namespace and key of the rated-pair table ({@code PUT /api/rates}). */
    static final String PAIR_RATES = "pair-rates";
    static final String PAIR_RATES_KEY = "table";
    /** The state namespace of discovered hosts, keyed by MAC. */
    static final String DISCOVERED_HOSTS = "discovered-hosts";

    /**
     * A host a discovering master routed, as the cluster keeps it.
     *
     * @param id   the host's name (from its agent, the naming file, or first-packet discovery)
     * @param mac  its MAC (the key)
     * @param ip   its IPv4 address
     * @param dpid its switch's datapath id, 16 hex digits
     * @param port the switch port it hangs off
     */
    record DiscoveredHost(String id, String mac, String ip, String dpid, int port) {
    }

    private final ZkCluster cluster;
    private final FabricService fabric;
    private final Duration masterWait;
    private AgentLinkServer agents;
    private JsonState<HandSetRate> rates;
    private JsonState<DiscoveredHost> hosts;
    /** The discovered hosts this node kept or restored, by MAC: only changes are written. */
    private final java.util.Map<String, DiscoveredHost> keptHosts = new java.util.concurrent.ConcurrentHashMap<>();
    /** The role and epoch the fabric service and the registry were last given. */
    private Mastership.Role role;
    private long epoch = -1;

    /**
     * @param masterWait how long {@link #join()} waits for a known master (the session timeout and a margin: a
     *                   dead master's leadership lasts that long)
     */
    ClusterMember(ZkCluster cluster, FabricService fabric, Duration masterWait) {
        this.cluster = cluster;
        this.fabric = fabric;
        this.masterWait = masterWait;
        cluster.onChange(this::changed);
        fabric.addPairRatesListener(this::keepPairRates);
        fabric.addRoutesListener(this::keepDiscoveredHosts);
    }

    /**
     * Joins the cluster and waits (at most {@code masterWait}) until a master is known, so the first switches
     * hear a role with the cluster's current generation id.
     */
    void join() {
        cluster.join();
        rates = new JsonState<>(cluster.store(), HandSetRate.NAMESPACE, HandSetRate.class);
        hosts = new JsonState<>(cluster.store(), DISCOVERED_HOSTS, DiscoveredHost.class);
        long deadline = System.nanoTime() + masterWait.toNanos();
        while (cluster.master() == null && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    ZkCluster cluster() {
        return cluster;
    }

    /** The agent registry started (after the OpenFlow listener): it follows the role from now on. */
    synchronized void agents(AgentLinkServer registry) {
        if (registry == null) {
            return;
        }
        registry.cluster(new AgentCluster() {
            @Override
            public ControlMessage.NotMaster standby() {
                return cluster.mastership().mayWrite() ? null : notMaster();
            }

            @Override
            public void keep(String src, String dst, long bitsPerSecond, String policy) {
                String key = HandSetRate.key(src, dst);
                if (bitsPerSecond < 0) {
                    rates.delete(key, StateStore.ANY);
                } else {
                    rates.put(key, new HandSetRate(src, dst, bitsPerSecond, policy), StateStore.ANY);
                }
            }

            @Override
            public StateStore store() {
                return cluster.store();
            }
        });
        this.agents = registry;
        if (cluster.mastership().mayWrite()) {
            registry.takeOver(kept());
        }
    }

    private synchronized void changed(Mastership.Change change) {
        if (change.role() == role && change.epoch() == epoch) {
            return; // only the known master changed (it went away): nothing to claim or hand over
        }
        role = change.role();
        epoch = change.epoch();
        if (change.role() == Mastership.Role.MASTER) {
            restoreDiscoveredHosts(); // first: in discover mode the rated pairs name these hosts
            restorePairRates(); // computed while still standby: the takeover reconciles with them
        }
        fabric.roleChanged(change.role(), Math.max(0, change.epoch()));
        if (agents == null) {
            return;
        }
        if (change.role() == Mastership.Role.MASTER) {
            agents.takeOver(kept());
        } else {
            agents.standBy(notMaster());
        }
    }

    /** Keeps a rated-pair table the master applied (PUT /api/rates), so the next master enforces the same. */
    private void keepPairRates(PairRates table) {
        if (!cluster.mastership().mayWrite()) {
            return; // restored on takeover: already kept
        }
        try {
            cluster.store().put(PAIR_RATES, PAIR_RATES_KEY, table.toJson().toString().getBytes(
                    StandardCharsets.UTF_8), StateStore.ANY);
        } catch (RuntimeException e) {
            LOG.warn("rated pairs applied but not kept in the cluster's state: {}", e.getMessage());
        }
    }

    /** A new master takes the rated-pair table the cluster kept, if any, before it reconciles. */
    private void restorePairRates() {
        try {
            java.util.Optional<StateStore.Versioned> kept = cluster.store().get(PAIR_RATES, PAIR_RATES_KEY);
            if (kept.isEmpty()) {
                return;
            }
            PairRates table = PairRates.parse("cluster state " + PAIR_RATES + "/" + PAIR_RATES_KEY,
                    new String(kept.get().value(), StandardCharsets.UTF_8), fabric.discovering()
                            ? fabric.discoveredTopology() : fabric.configuredTopology());
            if (!table.equals(fabric.pairRates())) {
                boolean applied = fabric.setPairRates(table).get(60, TimeUnit.SECONDS);
                LOG.info("takeover: {} rated pairs from the cluster's state{}", table.rates().size(),
                        applied ? "" : " could not be compiled; keeping this controller's");
            }
        } catch (RuntimeException | java.util.concurrent.ExecutionException
                 | java.util.concurrent.TimeoutException e) {
            LOG.warn("takeover: the rated pairs the cluster kept cannot be used: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Discover mode, master: keeps every routed host (id, MAC, IP, switch dpid and port) whose record changed, so
     * the next master knows the hosts it cannot learn again until they send (worker thread, after each
     * computation).
     */
    private void keepDiscoveredHosts() {
        if (!fabric.discovering() || !cluster.mastership().mayWrite()) {
            return;
        }
        weft.model.topology.Topology t = fabric.currentTopology();
        for (weft.model.topology.Host h : t.hosts()) {
            java.util.Optional<weft.model.topology.Switch> sw = t.findSwitch(h.switchId());
            if (sw.isEmpty() || h.mac() == null || h.ip() == null) {
                continue;
            }
            DiscoveredHost record = new DiscoveredHost(h.id(), h.mac(), h.ip(), sw.get().dpidHex(), h.port());
            if (!record.equals(keptHosts.get(h.mac()))) {
                try {
                    hosts.put(h.mac(), record, StateStore.ANY);
                    keptHosts.put(h.mac(), record);
                } catch (RuntimeException e) {
                    LOG.warn("discovered host {} not kept in the cluster's state: {}", h.id(), e.getMessage());
                    return;
                }
            }
        }
    }

    /** Discover mode: a new master learns the hosts the cluster kept, as if their agents had registered. */
    private void restoreDiscoveredHosts() {
        if (!fabric.discovering()) {
            return;
        }
        try {
            int n = 0;
            for (JsonState.Typed<DiscoveredHost> t : hosts.all().values()) {
                DiscoveredHost h = t.value();
                try {
                    fabric.hostRegistered(h.id(), h.mac(), h.ip(), "dpid-" + h.dpid(), h.port());
                    keptHosts.put(h.mac(), h);
                    n++;
                } catch (HostRegistrationException e) {
                    LOG.warn("takeover: kept host {} not usable: {}", h.id(), e.getMessage());
                }
            }
            LOG.info("takeover: {} discovered hosts from the cluster's state", n);
        } catch (RuntimeException e) {
            LOG.warn("takeover: cannot read the discovered hosts the cluster kept: {}", e.getMessage());
        }
    }

    private List<HandSetRate> kept() {
        try {
            List<HandSetRate> out = new ArrayList<>();
            rates.all().values().forEach(t -> out.add(t.value()));
            return out;
        } catch (RuntimeException e) {
            LOG.warn("cannot read the hand-set rates the cluster kept: {}", e.getMessage());
            return List.of();
        }
    }

    private ControlMessage.NotMaster notMaster() {
        Member m = cluster.master();
        NotMasterException e = cluster.notMaster("agent registry");
        return new ControlMessage.NotMaster(m == null ? null : m.id(), m == null ? null : m.agents(),
                e.getMessage());
    }

    @Override
    public void close() {
        cluster.close();
    }
}
