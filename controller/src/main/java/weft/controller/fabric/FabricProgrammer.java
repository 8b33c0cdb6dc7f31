package weft.controller.fabric;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.openflow.OpenFlowException;
import weft.controller.openflow.SwitchSession;
import weft.controller.program.FabricProgram;
import weft.controller.program.PairRates;
import weft.controller.program.ProgramException;
import weft.controller.program.RouteCompiler;
import weft.controller.program.SwitchProgram;
import weft.model.routing.EngineChain;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingFailure;
import weft.model.routing.RoutingResult;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * The fabric's routes and program, and which switch holds which of its generations. {@link #recompute}
 * computes, verifies and compiles routes for the fabric as it is now (a failure keeps the previous program);
 * {@link #sync} brings switches to the current program with a {@link ThreePhaseUpdate}. Both run on the
 * service's worker thread; the views may be read from any thread.
 */
final class FabricProgrammer {
    /** Logs as the service, so log lines read as they always have. */
    private static final Logger LOG = LoggerFactory.getLogger(FabricService.class);

    private final FabricService.Config config;
    private final boolean discovering;
    private final Supplier<Topology> fabricNow;
    private final Map<Long, String> switchByDpid;
    private final Map<String, SwitchSession> sessions;
    private final EventLog log;
    private final ThreePhaseUpdate update;
    private final java.util.function.BooleanSupplier mayWrite;
    private final FabricObserver observer;
    private final Map<String, Integer> programmedGeneration = new ConcurrentHashMap<>();
    private final List<Runnable> routeListeners = new CopyOnWriteArrayList<>();
    /** The fabric link indices refer to: the configured one, or in discover mode the one last routed. */
    private volatile Wiring wiring;
    private volatile Topology current;
    private volatile RoutingResult routes;
    private volatile FabricProgram program;
    private volatile PairRates pairRates = PairRates.none();
    private volatile int generation;

    /**
     * @param config       what the service runs
     * @param discovering  true in discover mode (the wiring follows the routed fabric; a switch the program does
     *                     not cover gets the discovery entries)
     * @param fabricNow    the fabric to route now: the configured one minus faults, or the discovered one
     * @param wiring       the fabric link indices refer to until the first routes of discover mode
     * @param switchByDpid switch ids by datapath id
     * @param sessions     connected switches by id
     * @param log          where routes, updates and failures are reported
     * @param observer     hears computation and update times
     * @param mayWrite     false while this controller is a cluster's standby: routes are still computed, nothing is
     *                     sent to a switch
     */
    FabricProgrammer(FabricService.Config config, boolean discovering, Supplier<Topology> fabricNow, Wiring wiring,
                     Map<Long, String> switchByDpid, Map<String, SwitchSession> sessions, EventLog log,
                     FabricObserver observer, java.util.function.BooleanSupplier mayWrite) {
        this.mayWrite = mayWrite;
        this.config = config;
        this.discovering = discovering;
        this.fabricNow = fabricNow;
        this.wiring = wiring;
        this.switchByDpid = switchByDpid;
        this.sessions = sessions;
        this.log = log;
        this.update = new ThreePhaseUpdate(config.timeout(), log, observer);
        this.observer = observer;
    }

    /** Recomputes, verifies and compiles; on failure keeps the old program and returns false. */
    boolean recompute(String reason) {
        long t0 = System.nanoTime();
        try {
            Topology t = fabricNow.get();
            Verified verified = new Verified(config.verifier());
            EngineChain.Outcome o = EngineChain.of(config.engine()).route(t, config.routing(), verified);
            if (!o.accepted()) {
                throw new RoutingFailure(o.rejected());
            }
            RoutingResult r = o.result();
            FabricProgram p = RouteCompiler.compile(t, r, config.compile(), pairRates);
            if (discovering) {
                wiring = Wiring.of(t);
            }
            current = t;
            routes = r;
            program = p;
            generation++;
            routeListeners.forEach(Runnable::run);
            observer.routesComputed(verified.computeNanos, verified.verifyNanos);
            log.event(FabricEvent.Kind.ROUTES, String.format("%s: %s on %s (%d switches, %d links), %d layers, "
                            + "%d flows, %d groups, computed and verified in %.1f ms%s", reason, r.engine(), t.name(),
                    t.switches().size(), t.links().size(), r.layers(), p.flowCount(), p.groupCount(),
                    (System.nanoTime() - t0) / 1e6, o.fallbacks().isEmpty() ? ""
                            : " (won in chain " + config.engine().name() + "; fallback " + String.join("; ",
                            o.fallbacks()) + ")"));
            return true;
        } catch (RoutingFailure | ProgramException | IllegalArgumentException e) {
            observer.routesFailed();
            log.event(FabricEvent.Kind.FAILURE, reason + ": cannot route, keeping the previous program: "
                    + e.getMessage());
            return false;
        } catch (RuntimeException e) {
            LOG.error("{}: routing engine {} failed", reason, config.engine().name(), e);
            observer.routesFailed();
            log.event(FabricEvent.Kind.FAILURE, reason + ": engine " + config.engine().name() + " failed ("
                    + e + "), keeping the previous program");
            return false;
        }
    }

    /**
     * The chain's acceptance: the controller's route verifier (a refusal is the engine's fallback reason), with the
     * time spent computing and verifying summed over the engines tried.
     */
    private static final class Verified implements EngineChain.Acceptance {
        private final RouteVerifier verifier;
        private long start;
        private long computeNanos;
        private long verifyNanos;

        Verified(RouteVerifier verifier) {
            this.verifier = verifier;
        }

        @Override
        public void computing(RoutingEngine engine) {
            start = System.nanoTime();
        }

        @Override
        public String reject(Topology topology, RoutingResult result) {
            long t1 = System.nanoTime();
            computeNanos += t1 - start;
            try {
                verifier.verify(topology, result);
                return null;
            } catch (RoutingFailure f) {
                return f.getMessage();
            } finally {
                verifyNanos += System.nanoTime() - t1;
            }
        }
    }

    /** Reconciles the given switches with the current program: read, diff, three barrier-confirmed phases. */
    void sync(Collection<SwitchSession> targets, String reason) {
        if (!mayWrite.getAsBoolean()) {
            return;
        }
        FabricProgram p = program;
        int gen = generation;
        long t0 = System.nanoTime();
        Map<SwitchSession, SwitchProgram> programs = new LinkedHashMap<>();
        for (SwitchSession s : targets) {
            SwitchProgram sp = programOf(p, s);
            if (sp != null && s.state() == SwitchSession.State.READY) {
                programs.put(s, sp);
            }
        }
        try {
            int[] counts = update.run(programs);
            observer.update(System.nanoTime() - t0, true);
            for (Map.Entry<SwitchSession, SwitchProgram> e : programs.entrySet()) {
                programmedGeneration.put(e.getValue().switchId(), gen);
            }
            log.event(FabricEvent.Kind.PROGRAMMED, String.format("%s: %d switches, %d+%d+%d messages "
                            + "(first/ingress/cleanup) in %.1f ms", reason, programs.size(), counts[0], counts[1],
                    counts[2], (System.nanoTime() - t0) / 1e6));
        } catch (OpenFlowException | TimeoutException e) {
            observer.update(System.nanoTime() - t0, false);
            log.event(FabricEvent.Kind.FAILURE, reason + ": programming failed: " + e.getMessage());
        }
    }

    /** False while this controller is a standby: it sends switches nothing (no entries, no LLDP). */
    boolean mayWrite() {
        return mayWrite.getAsBoolean();
    }

    /** Recomputes and, if that verifies, reprograms every connected switch. */
    void recomputeAndSync(String reason) {
        if (recompute(reason)) {
            sync(sessions.values(), "after " + reason);
        }
    }

    /**
     * What a switch must hold: its part of the program; in discover mode, for a switch the program does not
     * cover yet (none computed, or it connected since), the discovery entries only.
     */
    private SwitchProgram programOf(FabricProgram p, SwitchSession s) {
        String id = switchByDpid.get(s.dpid());
        SwitchProgram sp = p == null || id == null ? null : p.bySwitch().get(id);
        if (sp == null && discovering && id != null) {
            return RouteCompiler.discoveryOnly(new Switch(id, s.dpid(), 1), config.compile());
        }
        return sp;
    }

    /** Switch {@code id} disconnected: it holds no generation any more. */
    void switchGone(String id) {
        programmedGeneration.remove(id);
    }

    /** True when every switch of the current program is connected and holds the current program. */
    boolean isConverged() {
        FabricProgram p = program;
        int gen = generation;
        if (p == null) {
            return false;
        }
        for (SwitchProgram sp : p.switches()) {
            if (!sessions.containsKey(sp.switchId())
                    || programmedGeneration.getOrDefault(sp.switchId(), -1) != gen) {
                return false;
            }
        }
        return true;
    }

    void addRoutesListener(Runnable listener) {
        routeListeners.add(listener);
    }

    void pairRates(PairRates rates) {
        pairRates = rates;
    }

    PairRates pairRates() {
        return pairRates;
    }

    Wiring wiring() {
        return wiring;
    }

    Topology current() {
        return current;
    }

    RoutingResult routes() {
        return routes;
    }

    FabricProgram program() {
        return program;
    }
}
