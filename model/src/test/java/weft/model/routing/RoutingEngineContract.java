package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

/**
 * The contract every {@link RoutingEngine} meets; each engine's test class extends it (as ONOS's
 * {@code AbstractGraphPathSearchTest}). On each fabric the engine supports, the independent
 * {@link DeadlockVerifier} must find every pair of switches with hosts listed and delivered, no loop, no malformed
 * entry, shortest paths where promised, and (unless {@link #deadlockFreeOn} says otherwise) acyclic layers.
 */
public abstract class RoutingEngineContract {
    private final RoutingEngine engine;
    private final List<Topology> fabrics;

    /**
     * @param engine  the engine under test
     * @param fabrics fabrics the engine must route; small, so the contract stays fast
     */
    protected RoutingEngineContract(RoutingEngine engine, Topology... fabrics) {
        this.engine = engine;
        this.fabrics = List.of(fabrics);
    }

    /** The engine under test. */
    protected RoutingEngine engine() {
        return engine;
    }

    /** Fabrics the engine must route. */
    protected List<Topology> fabrics() {
        return fabrics;
    }

    /** Options used for every contract run. */
    protected RoutingOptions options() {
        return RoutingOptions.defaults();
    }

    /** Whether the engine guarantees acyclic layers on this fabric (ECMP only on trees). */
    protected boolean deadlockFreeOn(Topology topology) {
        return true;
    }

    /** Computes and verifies; shared by the subclasses' own tests. */
    protected VerificationReport verified(Topology topology, RoutingResult result) {
        return DeadlockVerifier.verify(topology, result);
    }

    @Test
    void isRegisteredUnderItsName() {
        RoutingEngine e = engine();
        assertThat(RoutingEngines.names()).contains(e.name());
        assertThat(RoutingEngines.byName(e.name())).isInstanceOf(e.getClass());
    }

    @TestFactory
    Stream<DynamicTest> routesEveryFabricAndTheVerifierAgrees() {
        return fabrics().stream().map(t -> DynamicTest.dynamicTest(t.name(), () -> {
            RoutingResult r = engine().compute(t, options());
            assertThat(r.engine()).isEqualTo(engine().name());
            assertThat(r.promisesShortest()).isEqualTo(engine().promisesShortest());
            VerificationReport v = verified(t, r);
            assertThat(v.connected()).as(v.verdict()).isTrue();
            assertThat(v.malformed().count()).as(v.verdict()).isZero();
            assertThat(v.nonShortest().count()).as(v.verdict()).isZero();
            if (deadlockFreeOn(t)) {
                assertThat(v.deadlockFree()).as(v.verdict()).isTrue();
            }
            assertThat(r.layers()).isLessThanOrEqualTo(options().maxLayers());
        }));
    }

    @TestFactory
    Stream<DynamicTest> isDeterministic() {
        return fabrics().stream().map(t -> DynamicTest.dynamicTest(t.name(), () ->
                assertThat(engine().compute(t, options())).isEqualTo(engine().compute(t, options()))));
    }

    @Test
    void refusesDisconnectedFabricNamingItself() {
        Topology islands = Fabrics.disconnected();
        assertThatThrownBy(() -> engine().compute(islands, options()))
                .isInstanceOf(RoutingFailure.class)
                .hasMessageStartingWith(engine().name() + ":");
    }

    @Test
    void refusesFabricWithoutSwitchesNamingItself() {
        Topology empty = new Topology("empty", List.of(), List.of(), List.of());
        assertThatThrownBy(() -> engine().compute(empty, options()))
                .isInstanceOf(RoutingFailure.class)
                .hasMessageStartingWith(engine().name() + ":");
    }
}
