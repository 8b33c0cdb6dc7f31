package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.program.RouteCompiler;
import weft.controller.testing.TestFabrics;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingFailure;
import weft.model.routing.RoutingOptions;

/** The controller routes with an engine chain: the verifier is the chain's check, the event log says who won. */
class FabricServiceChainTest {
    private static FabricService fabric(String chain) {
        return new FabricService(new FabricService.Config(TestFabrics.ring(5), RoutingEngines.chain(chain),
                RoutingOptions.defaults(), RouteCompiler.Options.defaults(), new DeadlockVerification(false),
                Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofSeconds(60)));
    }

    @Test
    @DisplayName("minhop,updown on a ring: the verifier refuses minhop's cycle, Up*/Down* is programmed and the "
            + "ROUTES event names the chain and the fallback")
    void verifierRefusalFallsBack() {
        FabricService f = fabric("minhop,updown");
        try {
            f.start();
            assertThat(f.routes().engine()).isEqualTo("updown");
            assertThat(f.events()).filteredOn(e -> e.kind() == FabricEvent.Kind.ROUTES).singleElement()
                    .satisfies(e -> assertThat(e.detail()).contains("start: updown on ring5",
                            "(won in chain minhop,updown; fallback minhop on ring5: routes refused by the verifier: "
                                    + "DEADLOCK"));
        } finally {
            f.close();
        }
    }

    @Test
    @DisplayName("a chain of one refused by the verifier fails with the verifier's message, as a single engine did")
    void singleEngineRefused() {
        FabricService f = fabric("minhop");
        try {
            assertThatThrownBy(f::start).isInstanceOf(RoutingFailure.class)
                    .hasMessageContaining("minhop on ring5: routes refused by the verifier: DEADLOCK");
        } finally {
            f.close();
        }
    }
}
