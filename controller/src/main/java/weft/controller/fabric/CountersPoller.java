package weft.controller.fabric;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.projectfloodlight.openflow.protocol.OFPortStatsEntry;
import org.projectfloodlight.openflow.protocol.OFPortStatsReply;
import org.projectfloodlight.openflow.types.OFPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.openflow.SwitchSession;
import weft.controller.program.FlowMods13;
import weft.controller.program.PairRate;
import weft.controller.program.PairRates;

/**
 * Polls every connected switch's counters (on the service's timer thread; replies land on the event loops) and
 * keeps the latest: transmit counters of every link direction ({@link LinkCounters}), Weft's flow entries
 * ({@link FlowCounters}) and the rated pairs' meters ({@link MeterCounters}).
 */
final class CountersPoller {
    /** Logs as the service, so log lines read as they always have. */
    private static final Logger LOG = LoggerFactory.getLogger(FabricService.class);

    private final Map<String, SwitchSession> sessions;
    private final Supplier<Wiring> wiring;
    private final Supplier<PairRates> pairRates;
    private final Map<String, LinkCounters> counters = new ConcurrentHashMap<>();
    private final Map<String, List<FlowCounters>> flowCounters = new ConcurrentHashMap<>();
    private final Map<String, List<MeterCounters>> meterCounters = new ConcurrentHashMap<>();

    /**
     * @param sessions  connected switches by id; a reply for a session no longer there is dropped
     * @param wiring    the fabric link counters refer to
     * @param pairRates the rated pairs whose meters are polled
     */
    CountersPoller(Map<String, SwitchSession> sessions, Supplier<Wiring> wiring, Supplier<PairRates> pairRates) {
        this.sessions = sessions;
        this.wiring = wiring;
        this.pairRates = pairRates;
    }

    /** Polls one switch's port and Weft flow statistics; updates its link port and flow counters. */
    void poll(String switchId, SwitchSession session) {
        if (session.state() != SwitchSession.State.READY) {
            return;
        }
        FlowCounters.poll(session, switchId, System::currentTimeMillis).whenComplete((flows, failure) -> {
            if (failure != null) {
                LOG.debug("flow statistics of {} failed: {}", switchId, failure.toString());
            } else if (sessions.get(switchId) == session) {
                flowCounters.put(switchId, flows);
            }
        });
        pollMeters(switchId, session);
        session.multipart(FlowMods13.F.buildPortStatsRequest().setPortNo(OFPort.ANY).build())
                .whenComplete((parts, failure) -> {
                    if (failure != null) {
                        LOG.debug("port statistics of {} failed: {}", switchId, failure.toString());
                        return;
                    }
                    long now = System.currentTimeMillis();
                    Wiring w = wiring.get();
                    for (OFPortStatsReply part : parts) {
                        for (OFPortStatsEntry e : part.getEntries()) {
                            int port = e.getPortNo().getPortNumber();
                            Integer link = w.linkByPort().get(switchId + ":" + port);
                            if (link == null) {
                                continue;
                            }
                            String key = switchId + ":" + port;
                            long bytes = e.getTxBytes().getValue();
                            LinkCounters before = counters.get(key);
                            double bps = before == null || now <= before.atMillis() ? 0
                                    : 8.0 * (bytes - before.txBytes()) * 1000 / (now - before.atMillis());
                            counters.put(key, new LinkCounters(w.describe(link), switchId, port, bytes,
                                    e.getTxPackets().getValue(), e.getTxDropped().getValue(), bps, now));
                        }
                    }
                });
    }

    /** Polls the meters of the rated pairs whose source is on this switch, if there are any. */
    private void pollMeters(String switchId, SwitchSession session) {
        Map<String, String> switchOfHost = new HashMap<>();
        wiring.get().topology().hosts().forEach(h -> switchOfHost.put(h.id(), h.switchId()));
        Map<Long, PairRate> here = MeterCounters.pairsAt(pairRates.get(), switchOfHost, switchId);
        if (here.isEmpty()) {
            meterCounters.remove(switchId);
            return;
        }
        MeterCounters.poll(session, switchId, here, System::currentTimeMillis).whenComplete((meters, failure) -> {
            if (failure != null) {
                LOG.debug("meter statistics of {} failed: {}", switchId, failure.toString());
            } else if (sessions.get(switchId) == session) {
                meterCounters.put(switchId, meters);
            }
        });
    }

    /** Drops the flow and meter counters of a switch that disconnected. */
    void switchGone(String switchId) {
        flowCounters.remove(switchId);
        meterCounters.remove(switchId);
    }

    Map<String, LinkCounters> linkCounters() {
        return Map.copyOf(counters);
    }

    Map<String, List<FlowCounters>> flowCounters() {
        return Map.copyOf(flowCounters);
    }

    Map<String, List<MeterCounters>> meterCounters() {
        return Map.copyOf(meterCounters);
    }
}
