package weft.model.routing;

import java.util.ArrayList;
import java.util.List;
import weft.model.topology.Topology;

/**
 * A fallback chain of routing engines ({@code lash,updown}): the engines are tried in order and the first whose
 * result is accepted wins, as OpenSM tries the engines of its {@code routing_engine} list in order and logs which
 * one routed the fabric. An engine falls back when it throws {@link RoutingFailure} (LASH out of layers with
 * fallback off, a topology the engine does not handle) or when the caller's {@link Acceptance} rejects its result
 * (the shells pass the deadlock verifier). The last engine's result is returned even when rejected, so the caller
 * can still show or refuse it with the reason.
 *
 * <p>Source: OpenSM's routing engine chain ({@code osm_ucast_mgr}: {@code -R lash,updown}); the engines are those of
 * {@link RoutingEngines}. Stateless like every engine; the chain reads no clock (a shell that times an engine does
 * so in {@link Acceptance#computing} and {@link Acceptance#reject}).
 */
public final class EngineChain implements RoutingEngine {
    /** Decides whether a result ends the chain. */
    @FunctionalInterface
    public interface Acceptance {
        /** Takes every result: the chain falls back only when an engine throws {@link RoutingFailure}. */
        Acceptance ANY = (topology, result) -> null;

        /** Told before {@code engine} computes. */
        default void computing(RoutingEngine engine) {
        }

        /** Null to take {@code result}, else why not (the engine's fallback reason). */
        String reject(Topology topology, RoutingResult result);
    }

    /**
     * How the chain went.
     *
     * @param result    the winner's result
     * @param winner    the engine that produced it
     * @param fallbacks why each engine before it was passed over, in order ({@code "lash: ..."})
     * @param rejected  null when the result was accepted; else why not (the last engine's result, rejected)
     */
    public record Outcome(RoutingResult result, RoutingEngine winner, List<String> fallbacks, String rejected) {
        public Outcome {
            fallbacks = List.copyOf(fallbacks);
        }

        public boolean accepted() {
            return rejected == null;
        }
    }

    private final List<RoutingEngine> engines;

    /**
     * @param engines at least one engine; nested chains are flattened
     */
    public EngineChain(List<RoutingEngine> engines) {
        List<RoutingEngine> flat = new ArrayList<>();
        for (RoutingEngine e : engines) {
            if (e instanceof EngineChain c) {
                flat.addAll(c.engines);
            } else {
                flat.add(e);
            }
        }
        if (flat.isEmpty()) {
            throw new IllegalArgumentException("an engine chain needs at least one engine");
        }
        this.engines = List.copyOf(flat);
    }

    /** {@code engine} as a chain: itself when it is one, else a chain of one. */
    public static EngineChain of(RoutingEngine engine) {
        return engine instanceof EngineChain c ? c : new EngineChain(List.of(engine));
    }

    public List<RoutingEngine> engines() {
        return engines;
    }

    /** The engine names joined by commas, as given on the command line. */
    @Override
    public String name() {
        List<String> names = new ArrayList<>();
        for (RoutingEngine e : engines) {
            names.add(e.name());
        }
        return String.join(",", names);
    }

    /** True when every engine of the chain promises shortest paths. */
    @Override
    public boolean promisesShortest() {
        return engines.stream().allMatch(RoutingEngine::promisesShortest);
    }

    /** The result of the first engine that does not throw {@link RoutingFailure} (no other check). */
    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        return route(topology, options, Acceptance.ANY).result();
    }

    /**
     * Tries the engines in order.
     *
     * @throws RoutingFailure the engine's own when a chain of one fails, else {@link AllFailed} listing each
     *                        engine's reason
     */
    public Outcome route(Topology topology, RoutingOptions options, Acceptance acceptance) {
        List<String> fallbacks = new ArrayList<>();
        RoutingFailure only = null;
        for (int i = 0; i < engines.size(); i++) {
            RoutingEngine e = engines.get(i);
            RoutingResult result;
            acceptance.computing(e);
            try {
                result = e.compute(topology, options);
            } catch (RoutingFailure f) {
                only = f;
                fallbacks.add(reason(e, f.getMessage()));
                continue;
            }
            String rejected = acceptance.reject(topology, result);
            if (rejected == null || i == engines.size() - 1) {
                return new Outcome(result, e, fallbacks, rejected);
            }
            fallbacks.add(reason(e, rejected));
        }
        if (engines.size() == 1) {
            throw only;
        }
        throw new AllFailed(name(), topology.name(), fallbacks);
    }

    /** The reason prefixed with the engine's name, unless it already starts with it ("lash: ...", "lash on t: ..."). */
    private static String reason(RoutingEngine e, String why) {
        String m = String.valueOf(why);
        return m.startsWith(e.name() + ":") || m.startsWith(e.name() + " ") ? m : e.name() + ": " + m;
    }

    /** Every engine of a chain failed; {@link #reasons} has one line per engine. */
    public static final class AllFailed extends RoutingFailure {
        private static final long serialVersionUID = 1L;

        private final List<String> reasons;

        AllFailed(String chain, String topology, List<String> reasons) {
            super("no engine of " + chain + " could route " + topology + ": " + String.join("; ", reasons));
            this.reasons = List.copyOf(reasons);
        }

        /** Why each engine failed, in chain order ({@code "lash: ..."}). */
        public List<String> reasons() {
            return reasons;
        }
    }
}
