package weft.model.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The patterns on host indexes, with BookSim's definitions ({@code traffic.cpp}) hand-evaluated. */
class TrafficPatternsTest {
    private final SplittableRandom random = new SplittableRandom(5);

    /** {@code p} sends each source to its destination, given as source, destination, source, ... */
    private void assertDestinations(TrafficPattern p, int... sourceDestination) {
        for (int i = 0; i < sourceDestination.length; i += 2) {
            assertThat(p.destination(sourceDestination[i], random)).as("%s from %d", p.name(), sourceDestination[i])
                    .isEqualTo(sourceDestination[i + 1]);
        }
    }

    @Test
    @DisplayName("transpose swaps the halves of the index bits (BookSim: 16 nodes, 1 -> 4, 6 -> 9, 5 -> 5)")
    void transpose() {
        assertDestinations(TrafficPatterns.parse("transpose", 16, 1), 1, 4, 6, 9, 5, 5);
        assertThatThrownBy(() -> TrafficPatterns.parse("transpose", 8, 1)).hasMessageContaining("even power of two");
    }

    @Test
    @DisplayName("bit complement: 16 nodes, 5 -> 10, 0 -> 15")
    void bitComplement() {
        assertDestinations(TrafficPatterns.parse("bitcomp", 16, 1), 5, 10, 0, 15);
        assertThatThrownBy(() -> TrafficPatterns.parse("bitcomp", 12, 1)).hasMessageContaining("power of two");
    }

    @Test
    @DisplayName("uniform draws every host, the source included, as BookSim's RandomInt(nodes - 1)")
    void uniformIncludesSource() {
        TrafficPattern p = TrafficPatterns.parse("uniform", 8, 1);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            seen.add(p.destination(3, random));
        }
        assertThat(seen).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    @DisplayName("hot spot F: host 0 gets F of the packets plus its uniform share")
    void hotSpot() {
        TrafficPattern p = TrafficPatterns.parse("hotspot:0.25", 10, 1);
        int hot = 0;
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            hot += p.destination(7, random) == 0 ? 1 : 0;
        }
        assertThat((double) hot / n).isCloseTo(0.25 + 0.75 / 10, within(0.005));
        assertThat(TrafficPatterns.parse("hotspot:0.5:3", 10, 1).name()).isEqualTo("hotspot:0.5:3");
        assertThatThrownBy(() -> TrafficPatterns.parse("hotspot", 10, 1)).hasMessageContaining("needs an argument");
    }

    @Test
    @DisplayName("perms:P: each host sends to P hosts in turn and each host receives from P")
    void superposedPermutations() {
        int hosts = 32;
        TrafficPattern p = TrafficPatterns.parse("perms:3", hosts, 9);
        int[] received = new int[hosts];
        for (int s = 0; s < hosts; s++) {
            Set<Integer> mine = new HashSet<>();
            for (int k = 0; k < 3; k++) {
                int d = p.destination(s, random);
                received[d]++;
                mine.add(d);
            }
            assertThat(p.destination(s, random)).as("cycles").isIn(mine);
        }
        for (int d = 0; d < hosts; d++) {
            assertThat(received[d]).isEqualTo(3);
        }
        assertThat(TrafficPatterns.parse("permutation", hosts, 9).name()).isEqualTo("permutation");
    }

    @Test
    @DisplayName("incast N: hosts 1..N send to host 0, the others are silent; all-to-all cycles through the others")
    void incastAndAllToAll() {
        TrafficPattern incast = TrafficPatterns.parse("incast:3", 8, 1);
        assertThat(incast.sends(0)).isFalse();
        assertThat(incast.sends(3)).isTrue();
        assertThat(incast.sends(4)).isFalse();
        assertThat(incast.destination(2, random)).isZero();
        TrafficPattern all = TrafficPatterns.parse("alltoall", 4, 1);
        assertThat(new int[] {all.destination(0, random), all.destination(0, random), all.destination(0, random),
            all.destination(0, random)}).containsExactly(1, 2, 3, 1);
    }

    @Test
    @DisplayName("unknown patterns and bad arguments are refused, naming the spec")
    void errors() {
        assertThatThrownBy(() -> TrafficPatterns.parse("tornado", 8, 1)).hasMessageContaining("unknown traffic "
                + "'tornado'").hasMessageContaining("uniform");
        assertThatThrownBy(() -> TrafficPatterns.parse("incast:x", 8, 1)).hasMessageContaining("incast:x");
        assertThatThrownBy(() -> TrafficPatterns.parse("uniform:2", 8, 1)).hasMessageContaining("takes no argument");
        assertThatThrownBy(() -> TrafficPatterns.parse("incast:8", 8, 1)).hasMessageContaining("1..7");
    }

    @Test
    @DisplayName("Seed 004 §3.3.4: tenants:4 on 16 hosts splits them into 4 tenants; in turn, each source meets its 3 "
            + "peers once every 3 packets, and a peer's peers are the same tenant")
    void tenantsInTurn() {
        TrafficPattern p = TrafficPatterns.parse("tenants:4", 16, 7);
        int[][] peers = new int[16][];
        for (int h = 0; h < 16; h++) {
            peers[h] = new int[] {p.destination(h, random), p.destination(h, random), p.destination(h, random)};
            assertThat(peers[h]).doesNotHaveDuplicates().doesNotContain(h);
            assertThat(new int[] {p.destination(h, random), p.destination(h, random), p.destination(h, random)})
                    .containsExactly(peers[h]);
        }
        for (int h = 0; h < 16; h++) {
            Set<Integer> tenant = new HashSet<>();
            tenant.add(h);
            for (int q : peers[h]) {
                tenant.add(q);
            }
            for (int q : peers[h]) {
                Set<Integer> other = new HashSet<>();
                other.add(q);
                for (int r : peers[q]) {
                    other.add(r);
                }
                assertThat(other).isEqualTo(tenant);
            }
        }
        assertThat(p.name()).isEqualTo("tenants:4");
    }

    @Test
    @DisplayName("tenants:4:random draws each packet's destination uniformly among the 3 peers of the in-turn pattern "
            + "of the same seed")
    void tenantsRandom() {
        TrafficPattern inTurn = TrafficPatterns.parse("tenants:4", 16, 7);
        TrafficPattern p = TrafficPatterns.parse("tenants:4:random", 16, 7);
        Set<Integer> peers = Set.of(inTurn.destination(0, random), inTurn.destination(0, random),
                inTurn.destination(0, random));
        int[] count = new int[16];
        for (int i = 0; i < 30_000; i++) {
            count[p.destination(0, random)]++;
        }
        for (int h = 0; h < 16; h++) {
            if (peers.contains(h)) {
                assertThat(count[h]).isCloseTo(10_000, within(400));
            } else {
                assertThat(count[h]).isZero();
            }
        }
        assertThatThrownBy(() -> TrafficPatterns.parse("tenants:5", 16, 1))
                .hasMessage("tenants needs a size of at least 2 that divides the 16 hosts, got 5");
        assertThatThrownBy(() -> TrafficPatterns.parse("tenants:4:sometimes", 16, 1))
                .hasMessage("traffic 'tenants:4:sometimes': expected tenants:M, tenants:M:shuffled or "
                        + "tenants:M:random");
    }

    @Test
    @DisplayName("Seed 004 §3.3.1: tenants:16:shuffled (all-to-all on 16 hosts) walks every peer once per 15 packets, "
            + "each host in an order of its own, so the first step does not send every host to one member")
    void tenantsShuffled() {
        TrafficPattern p = TrafficPatterns.parse("tenants:16:shuffled", 16, 7);
        assertThat(p.name()).isEqualTo("tenants:16:shuffled");
        TrafficPattern inTurn = TrafficPatterns.parse("tenants:16", 16, 7);
        Set<Integer> first = new HashSet<>();
        Set<Integer> firstInTurn = new HashSet<>();
        for (int h = 0; h < 16; h++) {
            firstInTurn.add(inTurn.destination(h, random));
            int[] walk = new int[15];
            for (int i = 0; i < 15; i++) {
                walk[i] = p.destination(h, random);
            }
            first.add(walk[0]);
            assertThat(walk).doesNotHaveDuplicates().doesNotContain(h);
            for (int i = 0; i < 15; i++) {
                assertThat(p.destination(h, random)).as("host %d repeats its walk", h).isEqualTo(walk[i]);
            }
        }
        assertThat(firstInTurn).as("in turn: every host but one starts on the same member").hasSize(2);
        assertThat(first).as("shuffled: first destinations spread").hasSizeGreaterThan(4);
    }
}
