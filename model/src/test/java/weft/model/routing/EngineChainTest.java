package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

/** The fallback chain: hand-written engines for the order and the reasons, real engines for the verifier case. */
class EngineChainTest {
    private static final Topology RING = Fabrics.ring(4);

    /** An engine that fails, or returns an empty result named after it; records that it was asked. */
    private record Fake(String name, boolean fails, List<String> asked) implements RoutingEngine {
        @Override
        public boolean promisesShortest() {
            return !fails;
        }

        @Override
        public RoutingResult compute(Topology topology, RoutingOptions options) {
            asked.add(name);
            if (fails) {
                throw new RoutingFailure(name + ": cannot route " + topology.name());
            }
            return new RoutingResult(name, 1, List.of(), List.of(), false);
        }
    }

    private static final EngineChain.Acceptance VERIFIER = (t, r) -> {
        VerificationReport v = DeadlockVerifier.verify(t, r);
        return v.ok() ? null : "verifier: " + v.verdict();
    };

    @Test
    @DisplayName("The engines are tried in order; the first that routes wins and the chain says which and why the "
            + "ones before it did not")
    void fallsBackInOrder() {
        List<String> asked = new ArrayList<>();
        EngineChain chain = new EngineChain(List.of(new Fake("a", true, asked), new Fake("b", false, asked),
                new Fake("c", false, asked)));
        EngineChain.Outcome o = chain.route(RING, RoutingOptions.defaults(), EngineChain.Acceptance.ANY);
        assertThat(o.winner().name()).isEqualTo("b");
        assertThat(o.result().engine()).isEqualTo("b");
        assertThat(o.fallbacks()).containsExactly("a: cannot route ring-4");
        assertThat(o.accepted()).isTrue();
        assertThat(asked).containsExactly("a", "b");
        assertThat(chain.name()).isEqualTo("a,b,c");
        assertThat(chain.promisesShortest()).isFalse();
        assertThat(chain.compute(RING, RoutingOptions.defaults()).engine()).isEqualTo("b");
    }

    @Test
    @DisplayName("A rejected result falls back with the reason; the last engine's result comes back even when "
            + "rejected, marked so")
    void rejections() {
        List<String> asked = new ArrayList<>();
        EngineChain chain = new EngineChain(List.of(new Fake("a", false, asked), new Fake("b", false, asked)));
        EngineChain.Outcome o = chain.route(RING, RoutingOptions.defaults(), (t, r) -> "no " + r.engine());
        assertThat(o.winner().name()).isEqualTo("b");
        assertThat(o.fallbacks()).containsExactly("a: no a");
        assertThat(o.accepted()).isFalse();
        assertThat(o.rejected()).isEqualTo("no b");
    }

    @Test
    @DisplayName("Every engine failing: one failure listing each reason; a chain of one keeps its engine's own")
    void allFail() {
        List<String> asked = new ArrayList<>();
        EngineChain chain = new EngineChain(List.of(new Fake("a", true, asked), new Fake("b", true, asked)));
        assertThatThrownBy(() -> chain.route(RING, RoutingOptions.defaults(), EngineChain.Acceptance.ANY))
                .isInstanceOf(EngineChain.AllFailed.class)
                .hasMessage("no engine of a,b could route ring-4: a: cannot route ring-4; b: cannot route ring-4")
                .satisfies(e -> assertThat(((EngineChain.AllFailed) e).reasons()).containsExactly(
                        "a: cannot route ring-4", "b: cannot route ring-4"));
        EngineChain one = EngineChain.of(new Fake("a", true, asked));
        assertThatThrownBy(() -> one.compute(RING, RoutingOptions.defaults()))
                .isNotInstanceOf(EngineChain.AllFailed.class).hasMessage("a: cannot route ring-4");
    }

    @Test
    @DisplayName("Seed 002 §2: minhop on a ring closes a dependency cycle, so the verifier passes it over and "
            + "Up*/Down* wins")
    void verifierFallback() {
        EngineChain.Outcome o = RoutingEngines.chain("minhop,updown").route(RING, RoutingOptions.defaults(),
                VERIFIER);
        assertThat(o.winner().name()).isEqualTo("updown");
        assertThat(o.accepted()).isTrue();
        assertThat(o.fallbacks()).singleElement().asString().startsWith("minhop: verifier: DEADLOCK");
    }

    @Test
    @DisplayName("Seed 002 §3.3: LASH without its Up*/Down* fallback and one layer cannot route a 6x6 torus, the "
            + "chain lash,updown routes it with Up*/Down*")
    void lashThenUpDown() {
        Topology torus = Fabrics.torus(6, 6);
        RoutingOptions oneLayer = RoutingOptions.defaults().withMaxLayers(1).withFallback(false);
        EngineChain.Outcome o = RoutingEngines.chain("lash,updown").route(torus, oneLayer, VERIFIER);
        assertThat(o.winner().name()).isEqualTo("updown");
        assertThat(o.fallbacks()).singleElement().asString().startsWith("lash: needs ");
    }

    @Test
    @DisplayName("Names: trimmed, any case, in order; unknown or empty names are refused listing the known ones; "
            + "nested chains flatten")
    void names() {
        assertThat(RoutingEngines.chain(" LASH , updown").name()).isEqualTo("lash,updown");
        assertThat(RoutingEngines.byNames("dor")).extracting(RoutingEngine::name).containsExactly("dor");
        assertThatThrownBy(() -> RoutingEngines.chain("lash,nosuch")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown routing engine 'nosuch'; known: minhop, updown");
        assertThatThrownBy(() -> RoutingEngines.chain("lash,")).hasMessageStartingWith("unknown routing engine ''");
        EngineChain nested = new EngineChain(List.of(RoutingEngines.chain("lash,sr"), RoutingEngines.byName("updown")));
        assertThat(nested.engines()).extracting(RoutingEngine::name).containsExactly("lash", "sr", "updown");
        assertThat(EngineChain.of(nested)).isSameAs(nested);
        assertThatThrownBy(() -> new EngineChain(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
