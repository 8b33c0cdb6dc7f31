package weft.controller.fabric;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import weft.controller.discovery.Discovery;
import weft.controller.discovery.DiscoverySettle;
import weft.controller.openflow.SwitchSession;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * The switch and port events of discover mode and when to route (worker thread, but for the timer's poll):
 * switches are named from the naming file or by dpid and get their program (or the discovery entries) at once;
 * routes are first computed once discovery has been quiet for the settle interval ({@link DiscoverySettle}),
 * then again at once when a link port goes down, a switch disconnects or a link's LLDP stops, and after a short
 * quiet time for news.
 */
final class DiscoverMode extends FabricMode {
    /** Later discovery changes are coalesced for at most this long (the settle interval if shorter). */
    private static final Duration COALESCE = Duration.ofMillis(250);
    /** How often discover mode looks at discovery's version. */
    private static final long DISCOVERY_POLL_MS = 50;

    /** A link whose LLDP has not arrived for this many LLDP intervals is forgotten. */
    static final double LLDP_MISSES = 3.5;

    private final Duration settleTime;
    private DiscoverySettle settle;
    private final Duration linkMaxAge;
    private final AtomicBoolean discoveryPollQueued = new AtomicBoolean();
    private final Topology naming;

    /**
     * @param settle       how long discovery must stay unchanged before the first routes are computed
     * @param naming       names switches (by dpid) and hosts (by MAC); may be empty
     * @param discovery    what LLDP, first packets and registrations taught
     * @param programmer   routes and programs the fabric
     * @param switchByDpid switch ids by datapath id, filled as switches connect
     * @param sessions     connected switches by id
     * @param log          where switch and port events are reported
     * @param lldpInterval how often LLDP goes out of every port: a link is forgotten after
     *                     {@value #LLDP_MISSES} intervals without its frames
     */
    DiscoverMode(Duration settle, Topology naming, Discovery discovery, FabricProgrammer programmer,
                 Map<Long, String> switchByDpid, Map<String, SwitchSession> sessions, EventLog log,
                 Duration lldpInterval) {
        super(discovery, programmer, switchByDpid, sessions, log);
        this.settleTime = settle;
        this.settle = new DiscoverySettle(settle, settle.compareTo(COALESCE) < 0 ? settle : COALESCE);
        this.linkMaxAge = Duration.ofNanos((long) (lldpInterval.toNanos() * LLDP_MISSES));
        this.naming = naming;
    }

    /**
     * This controller just became a cluster's master (worker thread): what it computed as a standby rests on a
     * discovery without LLDP (a SLAVE gets no PACKET_IN), so it routes again only once its own discovery has been
     * quiet for the settle interval; until then the switches keep what the previous master installed.
     */
    @Override
    void becameMaster(long epoch) {
        settle = new DiscoverySettle(settleTime, settleTime.compareTo(COALESCE) < 0 ? settleTime : COALESCE);
    }

    /** Looks at discovery's version every poll interval, on {@code worker} (at most one poll queued). */
    void watch(ScheduledExecutorService timer, ExecutorService worker) {
        timer.scheduleAtFixedRate(() -> {
            if (discoveryPollQueued.compareAndSet(false, true)) {
                worker.execute(this::pollDiscovery);
            }
        }, DISCOVERY_POLL_MS, DISCOVERY_POLL_MS, TimeUnit.MILLISECONDS);
    }

    /** A switch joins: it gets its program (or the discovery entries), then LLDP goes out of its ports. */
    @Override
    void switchUp(SwitchSession session) {
        String id = switchByDpid.computeIfAbsent(session.dpid(), dpid -> naming.switches().stream()
                .filter(s -> s.dpid() == dpid).map(Switch::id).findFirst().orElse(Discovery.switchName(dpid)));
        sessions.put(id, session);
        discovery.switchSeenWithSpeeds(session.dpid(), PortStates.speeds(session));
        log.event(FabricEvent.Kind.SWITCH_UP, id + " (dpid " + session.dpidHex() + ") at " + session.remote()
                + " with ports " + session.ports().keySet());
        programmer.sync(List.of(session), id + " connected");
        if (programmer.mayWrite()) {
            LldpBeacon.send(session);
        }
    }

    /** Switch {@code id} disconnected (already forgotten by discovery): routed around once routes exist. */
    @Override
    void switchDown(String id) {
        if (settle.settled()) {
            rediscover(id + " disconnected");
        }
    }

    /** A port changed: a link port that went down is routed around at once; one that came up sends LLDP. */
    @Override
    void portStatus(SwitchSession session, String id, OFPortStatus status) {
        int port = status.getDesc().getPortNo().getPortNumber();
        boolean down = PortStates.wentDown(status);
        boolean link = discovery.isSwitchPort(session.dpid(), port);
        discovery.switchSeenWithSpeeds(session.dpid(), PortStates.speeds(session));
        log.event(down ? FabricEvent.Kind.PORT_DOWN : FabricEvent.Kind.PORT_UP, id + " port " + port
                + (link ? " (switch link)" : " (no switch link seen)"));
        if (!down && programmer.mayWrite()) {
            LldpBeacon.send(session);
        } else if (down && discovery.portDown(session.dpid(), port) && settle.settled()) {
            rediscover("link port " + id + ":" + port + " down");
        }
    }

    /**
     * Forgets links whose LLDP stopped (routed around at once), then routes once discovery has settled, and again
     * whenever it has changed and been quiet a moment.
     */
    private void pollDiscovery() {
        discoveryPollQueued.set(false);
        List<String> silent = discovery.expireLinks(linkMaxAge);
        if (!silent.isEmpty()) {
            log.event(FabricEvent.Kind.LINK_SILENT, "no LLDP for " + linkMaxAge.toMillis() + " ms on " + silent);
            if (settle.settled()) {
                rediscover("LLDP stopped on " + silent);
                return;
            }
        }
        if (settle.due(discovery.version(), System.nanoTime())) {
            rediscover(settle.settled() ? "discovery changed" : "discovery settled");
        }
    }

    /** Recomputes on what is discovered now and, if that verifies, reprograms every switch in three phases. */
    private void rediscover(String reason) {
        settle.computed(discovery.version());
        programmer.recomputeAndSync(reason);
    }
}
