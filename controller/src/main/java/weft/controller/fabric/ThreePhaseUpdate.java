package weft.controller.fabric;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.OFGroupDescStatsEntry;
import org.projectfloodlight.openflow.protocol.OFGroupDescStatsReply;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterConfig;
import org.projectfloodlight.openflow.protocol.OFMeterConfigStatsReply;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.openflow.OpenFlowException;
import weft.controller.openflow.SwitchSession;
import weft.controller.openflow.TransactionResult;
import weft.controller.program.FlowMods13;
import weft.controller.program.ProgramDiff;
import weft.controller.program.SwitchProgram;

/**
 * One fabric update (runs on the service's worker thread): reads what every target switch holds (flows, groups,
 * meters), diffs it with the switch's program and sends the difference in three barrier-confirmed phases over all
 * switches ({@link ProgramDiff#first}, {@link ProgramDiff#last}, {@link ProgramDiff#cleanup}); a switch that
 * rejects messages is reported as an {@link FabricEvent.Kind#OPENFLOW_ERROR} event.
 */
final class ThreePhaseUpdate {
    /** Logs as the service, so log lines read as they always have. */
    private static final Logger LOG = LoggerFactory.getLogger(FabricService.class);

    private final Duration timeout;
    private final EventLog log;
    private final FabricObserver observer;

    /**
     * @param timeout  how long one read or one phase of one switch may take
     * @param log      where rejected messages are reported
     * @param observer hears each step's time and every transaction
     */
    ThreePhaseUpdate(Duration timeout, EventLog log, FabricObserver observer) {
        this.timeout = timeout;
        this.log = log;
        this.observer = observer;
    }

    /**
     * Brings every switch to its program.
     *
     * @return the messages sent in each phase (first, ingress, cleanup)
     * @throws OpenFlowException when a switch cannot be read or programmed
     * @throws TimeoutException  when a read or a phase takes longer than the timeout
     */
    int[] run(Map<SwitchSession, SwitchProgram> programs) throws TimeoutException {
        long t0 = System.nanoTime();
        Map<SwitchSession, CompletableFuture<List<OFFlowStatsReply>>> flows = new LinkedHashMap<>();
        Map<SwitchSession, CompletableFuture<List<OFGroupDescStatsReply>>> groups = new LinkedHashMap<>();
        Map<SwitchSession, CompletableFuture<List<OFMeterConfigStatsReply>>> meters = new LinkedHashMap<>();
        for (SwitchSession s : programs.keySet()) {
            flows.put(s, s.multipart(FlowMods13.F.buildFlowStatsRequest().setTableId(TableId.ALL)
                    .setOutPort(OFPort.ANY).setOutGroup(OFGroup.ANY).setCookie(U64.ZERO)
                    .setCookieMask(U64.ZERO).setMatch(FlowMods13.F.buildMatch().build()).build()));
            groups.put(s, s.multipart(FlowMods13.F.buildGroupDescStatsRequest().build()));
            meters.put(s, s.<OFMeterConfigStatsReply>multipart(FlowMods13.meterConfigRequest())
                    .exceptionally(failure -> {
                        LOG.debug("{}: meter configuration not readable ({}); assuming no meters", s,
                                failure.toString());
                        return List.of();
                    }));
        }
        Map<SwitchSession, ProgramDiff> diffs = new LinkedHashMap<>();
        for (Map.Entry<SwitchSession, SwitchProgram> e : programs.entrySet()) {
            List<OFFlowStatsEntry> installedFlows = new ArrayList<>();
            for (OFFlowStatsReply part : await(flows.get(e.getKey()))) {
                installedFlows.addAll(part.getEntries());
            }
            List<OFGroupDescStatsEntry> installedGroups = new ArrayList<>();
            for (OFGroupDescStatsReply part : await(groups.get(e.getKey()))) {
                installedGroups.addAll(part.getEntries());
            }
            List<OFMeterConfig> installedMeters = new ArrayList<>();
            for (OFMeterConfigStatsReply part : await(meters.get(e.getKey()))) {
                installedMeters.addAll(part.getEntries());
            }
            diffs.put(e.getKey(), ProgramDiff.of(e.getValue(), installedFlows, installedGroups,
                    installedMeters));
        }
        observer.updatePhase("read", System.nanoTime() - t0, 0);
        return new int[] {
            runPhase("first", diffs, ProgramDiff::first),
            runPhase("ingress", diffs, ProgramDiff::last),
            runPhase("cleanup", diffs, ProgramDiff::cleanup)};
    }

    private int runPhase(String name, Map<SwitchSession, ProgramDiff> diffs,
                         Function<ProgramDiff, List<OFMessage>> phase) throws TimeoutException {
        long t0 = System.nanoTime();
        Map<SwitchSession, CompletableFuture<TransactionResult>> txs = new LinkedHashMap<>();
        int messages = 0;
        for (Map.Entry<SwitchSession, ProgramDiff> e : diffs.entrySet()) {
            List<OFMessage> msgs = phase.apply(e.getValue());
            if (!msgs.isEmpty()) {
                messages += msgs.size();
                txs.put(e.getKey(), e.getKey().transaction(msgs));
            }
        }
        for (Map.Entry<SwitchSession, CompletableFuture<TransactionResult>> e : txs.entrySet()) {
            TransactionResult r = await(e.getValue());
            observer.transaction(r);
            if (!r.ok()) {
                log.openflowErrors(r.errors().size());
                log.event(FabricEvent.Kind.OPENFLOW_ERROR, e.getKey() + ": " + r.errors().size() + " of "
                        + r.messages() + " messages failed, first: " + r.errors().get(0));
            }
        }
        observer.updatePhase(name, System.nanoTime() - t0, messages);
        return messages;
    }

    private <T> T await(CompletableFuture<T> f) throws TimeoutException {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof OpenFlowException o ? o : new OpenFlowException(e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OpenFlowException("interrupted");
        }
    }
}
