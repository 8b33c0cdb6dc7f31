package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The agent links' /16 avoids every address and route of the root namespace. */
class AgentLinkNetTest {

    /** Routes of the root namespace ({@code ip route show table all}) and the /16 the agent links then get. */
    static Stream<Arguments> routesAndPrefix() {
        return Stream.of(
                Arguments.of("a machine whose own interface and gateway sit in 198.18/16 gets its agent links in "
                        + "198.19/16", List.of("default via 198.18.0.1 dev eth0",
                        "198.18.0.0/30 dev eth0 proto kernel scope link src 198.18.0.2",
                        "local 198.18.0.2 dev eth0 table local proto kernel scope host src 198.18.0.2",
                        "broadcast 198.18.0.3 dev eth0 table local proto kernel scope link src 198.18.0.2",
                        "local 127.0.0.0/8 dev lo table local proto kernel scope host src 127.0.0.1"), "198.19."),
                Arguments.of("a default route alone takes nothing: the first benchmarking /16 is used",
                        List.of("default via 192.0.2.1 dev eth0",
                                "192.0.2.0/24 dev eth0 proto kernel scope link src 192.0.2.2"), "198.18."),
                Arguments.of("a wider route over both benchmarking /16s moves the links to the shared address space",
                        List.of("198.0.0.0/8 via 192.0.2.1 dev eth0"), "100.64."),
                Arguments.of("a second lab that is up owns its links' routes, so it gets the next /16",
                        List.of("198.18.0.0/30 dev wlaba1 proto kernel scope link src 198.18.0.1",
                                "198.19.3.4/30 dev wlbba2 proto kernel scope link src 198.19.3.5"), "100.64."));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("routesAndPrefix")
    void picksAPrefixNoRouteTouches(String situation, List<String> routes, String prefix) {
        assertThat(AgentLinkNet.pick(routes)).isEqualTo(prefix);
    }

    @Test
    @DisplayName("when every candidate is routed the error names both ranges")
    void everythingTaken() {
        assertThatThrownBy(() -> AgentLinkNet.pick(List.of("198.18.0.0/15 dev a", "100.64.0.0/10 dev b")))
                .isInstanceOf(LabException.class).hasMessageContaining("198.18.0.0/15")
                .hasMessageContaining("100.64.0.0/10");
    }

    @Test
    @DisplayName("lines without an IPv4 destination are ignored")
    void oddLinesIgnored() {
        assertThat(AgentLinkNet.destination("")).isNull();
        assertThat(AgentLinkNet.destination("unreachable default dev lo")).isNull();
        assertThat(AgentLinkNet.destination("fe80::/64 dev eth0")).isNull();
        assertThat(AgentLinkNet.destination("300.1.1.1/8 dev eth0")).isNull();
        assertThat(AgentLinkNet.destination("10.1.2.3 dev eth0")).containsExactly(0x0a010203L, 32L);
    }

    /** Whatever single addresses the machine holds, the picked /16 contains none of them. */
    @Property(tries = 300)
    void pickedPrefixHoldsNoAddressOfTheMachine(
            @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 65) Integer> candidateIndexes,
            @ForAll @IntRange(min = 0, max = 255) int third) {
        List<String> routes = new ArrayList<>();
        for (int k : candidateIndexes) {
            String prefix = k < 2 ? "198." + (18 + k) : "100." + (64 + k - 2);
            routes.add("local " + prefix + "." + third + ".7 dev x table local");
        }
        String picked = AgentLinkNet.pick(routes);
        for (String r : routes) {
            assertThat(r.substring("local ".length())).doesNotStartWith(picked);
        }
    }
}
