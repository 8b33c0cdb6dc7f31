package weft.model.routing.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.routing.verify.HandRoutes.port;
import static weft.model.routing.verify.HandRoutes.result;
import static weft.model.routing.verify.HandRoutes.zeros;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.Fabrics;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

class DeadlockVerifierTest {
    /** The 4-ring of seed 002 §3.3.1's examples, switches s0..s3. */
    private static final Topology RING = Fabrics.ring(4);
    /** The 4-ring routed in one layer by its lowest-id table, the base the error tests edit. */
    private static final RoutingResult LOWEST_ID = ring4(ring4LowestId(), true);

    /** The 4-ring routed in one layer by a next-switch table ({@code next[d][u]}). */
    private static RoutingResult ring4(int[][] next, boolean promisesShortest) {
        return result(RING, 1, zeros(4), new int[][][] {next}, promisesShortest);
    }

    /** {@link #LOWEST_ID}'s pairs with other forwarding entries. */
    private static RoutingResult lowestIdWith(String engine, List<ForwardingEntry> forwarding) {
        return new RoutingResult(engine, 1, LOWEST_ID.layerOf(), forwarding, true);
    }

    private static VerificationReport verify(RoutingResult result) {
        return DeadlockVerifier.verify(RING, result);
    }

    /** Ring of 4, lowest-id productive neighbour (hand-computed from seed 002 §3.3.1). */
    static int[][] ring4LowestId() {
        // next[d][u]
        return new int[][] {
            {-1, 0, 1, 0},
            {1, -1, 1, 0},
            {1, 2, -1, 2},
            {3, 0, 3, -1},
        };
    }

    /**
     * Ring of 4, clockwise on ties (hand-computed from seed 002 §3.3.1): the lowest-id table with its two
     * counter-clockwise ties (s2 toward s0, s1 toward s3) turned clockwise.
     */
    static int[][] ring4Clockwise() {
        int[][] next = ring4LowestId();
        next[0][2] = 3;
        next[3][1] = 2;
        return next;
    }

    @Test
    @DisplayName("Seed 002 §3.3.1 (hand-computed from its rule): 4-ring, lowest-id next hop, one layer is acyclic")
    void e1LowestIdRingIsAcyclic() {
        VerificationReport r = verify(ring4(ring4LowestId(), true));
        assertThat(r.ok()).as(r.verdict()).isTrue();
        assertThat(r.pairsChecked()).isEqualTo(12);
        // Hand-computed: CDG edges 01->12, 21->10, 10->03, 30->01.
        assertThat(r.layers().get(0).dependencies()).isEqualTo(4);
        assertThat(r.maxPathLength()).isEqualTo(2);
        assertThat(r.meanPathLength()).isEqualTo(16.0 / 12);
    }

    @Test
    @DisplayName("Seed 002 §3.3.1 (hand-computed from its rule): clockwise ties in one layer close the ring; 3->1 in "
            + "layer 1 fixes it")
    void e2ClockwiseRingNeedsTwoLayers() {
        VerificationReport one = verify(ring4(ring4Clockwise(), true));
        assertThat(one.deadlockFree()).isFalse();
        assertThat(one.connected()).isTrue();
        assertThat(one.layers().get(0).witnessCycle()).containsExactlyInAnyOrder(
                "s0:2->s1:2", "s1:3->s2:2", "s2:3->s3:2", "s3:3->s0:3");

        int[][] layerOf = zeros(4);
        layerOf[3][1] = 1;
        int[][] layer1 = {
            {-1, -1, -1, -1},
            {1, -1, -1, 0},
            {-1, -1, -1, -1},
            {-1, -1, -1, -1},
        };
        int[][] layer0 = ring4Clockwise();
        layer0[1][3] = -1;
        VerificationReport two = verify(result(RING, 2, layerOf, new int[][][] {layer0, layer1}, true));
        assertThat(two.ok()).as(two.verdict()).isTrue();
        assertThat(two.layers()).extracting(VerificationReport.LayerVerdict::dependencies).containsExactly(3, 1);
    }


    @Test
    @DisplayName("Seed 002 §3.2.1 (hand-computed from its rule): restriction at SN1's starting switch 3 deadlocks; "
            + "verifier finds it")
    void e6StartingSwitchRestrictionDeadlocks() {
        Topology t = HandRoutes.e6Fabric();
        VerificationReport r = DeadlockVerifier.verify(t, HandRoutes.oneLayer(t, HandRoutes.e6Illegal(), false));
        assertThat(r.connected()).as(r.verdict()).isTrue();
        assertThat(r.deadlockFree()).isFalse();
        assertThat(r.verdict()).startsWith("DEADLOCK: layer 0");
        // Hand-computed cycle: 2->3, 3->4, 4->5, 5->3, 3->2, 2->1, 1->0, 0->2.
        List<String> cycle = r.layers().get(0).witnessCycle();
        assertThat(cycle.stream().map(DeadlockVerifierTest::switches).toList()).containsExactlyInAnyOrder(
                "s2-s3", "s3-s4", "s4-s5", "s5-s3", "s3-s2", "s2-s1", "s1-s0", "s0-s2");
        assertClosedChain(cycle);
    }

    @Test
    @DisplayName("Seed 002 §3.2.1 (hand-computed from its rule): the legal placement (SN1 restricted at 4) is "
            + "deadlock-free")
    void e6LegalPlacementIsDeadlockFree() {
        Topology t = HandRoutes.e6Fabric();
        VerificationReport r = DeadlockVerifier.verify(t, HandRoutes.oneLayer(t, HandRoutes.e6Legal(), true));
        assertThat(r.ok()).as(r.verdict()).isTrue();
    }

    private static String switches(String channel) {
        String[] ends = channel.split("->");
        return ends[0].split(":")[0] + "-" + ends[1].split(":")[0];
    }

    private static void assertClosedChain(List<String> cycle) {
        for (int i = 0; i < cycle.size(); i++) {
            String to = cycle.get(i).split("->")[1].split(":")[0];
            String from = cycle.get((i + 1) % cycle.size()).split("->")[0].split(":")[0];
            assertThat(from).as("channel %d ends where channel %d starts", i, i + 1).isEqualTo(to);
        }
    }

    @Test
    @DisplayName("a missing entry is a black hole naming the switch and the arrival port")
    void missingEntryIsUnreachable() {
        List<ForwardingEntry> fewer = new ArrayList<>(LOWEST_ID.forwarding());
        fewer.removeIf(e -> e.switchId().equals("s1") && e.dst().equals("s2"));
        VerificationReport r = verify(lowestIdWith("hand", fewer));
        assertThat(r.connected()).isFalse();
        assertThat(r.unreachable().count()).isEqualTo(2);
        assertThat(r.unreachable().examples()).anySatisfy(s -> assertThat(s)
                .isEqualTo("s0->s2 layer 0: no entry at s1 for s2 (arriving on port 2)"));
        assertThat(r.unreachable().examples()).anySatisfy(s -> assertThat(s)
                .isEqualTo("s1->s2 layer 0: no entry at s1 for s2"));
    }

    @Test
    @DisplayName("two switches pointing at each other are a forwarding loop")
    void loopIsFound() {
        int[][] next = ring4LowestId();
        next[2][1] = 0;
        next[2][0] = 1;
        VerificationReport r = verify(ring4(next, false));
        assertThat(r.loops().count()).isEqualTo(2);
        assertThat(r.loops().examples().get(0)).contains("s0:2->s1:2", "s1:2->s0:2");
        assertThat(r.connected()).isFalse();
    }

    @Test
    @DisplayName("a detour is reported only when the engine promises shortest paths")
    void nonShortestOnlyWhenPromised() {
        int[][] next = ring4LowestId();
        next[1][0] = 3;
        next[1][3] = 2;
        next[1][2] = 1;
        VerificationReport promised = verify(ring4(next, true));
        // s3->s1 now runs s3-s2-s1, still two hops; only s0->s1 is a detour.
        assertThat(promised.nonShortest().count()).isEqualTo(1);
        assertThat(promised.nonShortest().examples().get(0))
                .isEqualTo("s0->s1 layer 0: hop s0:3->s3:3 does not approach s1 (distance 1 -> 2)");
        VerificationReport free = verify(ring4(next, false));
        assertThat(free.nonShortest().count()).isZero();
        assertThat(free.maxPathLength()).isEqualTo(3);
    }

    @Test
    @DisplayName("entries naming host ports, unknown switches or absent layers are malformed")
    void malformedEntries() {
        List<ForwardingEntry> bad = new ArrayList<>(LOWEST_ID.forwarding());
        bad.add(ForwardingEntry.of("s9", "s1", 0, 2));
        bad.add(ForwardingEntry.of("s0", "s1", 3, 2));
        bad.replaceAll(e -> e.switchId().equals("s2") && e.dst().equals("s0")
                ? ForwardingEntry.of("s2", "s0", 0, 1) : e);
        VerificationReport r = verify(lowestIdWith("hand", bad));
        assertThat(r.malformed().count()).isEqualTo(3);
        assertThat(r.malformed().examples()).contains(
                "forwarding[" + (bad.size() - 2) + "] at s9 for s1 layer 0: unknown switch s9",
                "forwarding[" + (bad.size() - 1) + "] at s0 for s1 layer 3: layer outside 0..0");
        assertThat(r.malformed().examples()).anySatisfy(s -> assertThat(s)
                .endsWith("at s2 for s0 layer 0: out port 1 has no switch link (expected a port in [2, 3])"));
        // Only s2 itself sends to s0 through s2.
        assertThat(r.unreachable().count()).isEqualTo(1);
    }

    @Test
    @DisplayName("a pair of switches with hosts missing from layer_of is reported")
    void missingPairReported() {
        List<PairLayer> pairs = new ArrayList<>(LOWEST_ID.layerOf());
        pairs.removeIf(p -> p.src().equals("s3") && p.dst().equals("s0"));
        VerificationReport r = verify(new RoutingResult("hand", 1, pairs, LOWEST_ID.forwarding(), true));
        assertThat(r.missingPairs().examples()).containsExactly("s3->s0");
        assertThat(r.ok()).isFalse();
    }

    @Test
    @DisplayName("ECMP groups are followed over every out port")
    void ecmpGroupsBranch() {
        List<ForwardingEntry> entries = new ArrayList<>(LOWEST_ID.forwarding());
        entries.replaceAll(e -> e.switchId().equals("s0") && e.dst().equals("s2")
                ? new ForwardingEntry("s0", "s2", 0, null, null, List.of(port(RING, 0, 1), port(RING, 0, 3))) : e);
        VerificationReport r = verify(lowestIdWith("ecmp", entries));
        assertThat(r.ok()).as(r.verdict()).isTrue();
        // s3 toward s2 goes direct, so the branch through s3 adds the dependency 03->32.
        assertThat(r.layers().get(0).dependencies()).isEqualTo(5);
        // Channel s0->s1 carries s0->s1, s0->s2 and s3->s1 (lowest-id next hop of s3 toward s1 is s0).
        assertThat(r.maxChannelLoad()).isEqualTo(3);

        entries.replaceAll(e -> e.switchId().equals("s3") && e.dst().equals("s2")
                ? ForwardingEntry.of("s3", "s2", 0, port(RING, 3, 0)) : e);
        VerificationReport looping = verify(lowestIdWith("ecmp", entries));
        assertThat(looping.loops().count()).isPositive();
    }

    @Test
    @DisplayName("in_port entries are chosen by arrival port, path-tagged entries by the pair's tag")
    void inPortAndPathTags() {
        // s0 -> s2 with tag 1 via s1, tag 2 via s3; s1 and s3 forward by arrival port.
        List<ForwardingEntry> e = new ArrayList<>();
        e.add(new ForwardingEntry("s0", "s2", 0, null, 1, List.of(port(RING, 0, 1))));
        e.add(new ForwardingEntry("s0", "s2", 0, null, 2, List.of(port(RING, 0, 3))));
        e.add(new ForwardingEntry("s1", "s2", 0, port(RING, 1, 0), null, List.of(port(RING, 1, 2))));
        e.add(new ForwardingEntry("s3", "s2", 0, port(RING, 3, 0), null, List.of(port(RING, 3, 2))));
        List<PairLayer> pairs = List.of(new PairLayer("s0", "s2", 0, 1), new PairLayer("s0", "s2", 0, 2));
        RoutingResult r = new RoutingResult("tags", 1, pairs, e, true);
        VerificationReport report = verify(r);
        assertThat(report.pairsChecked()).isEqualTo(2);
        assertThat(report.unreachable().count()).isZero();
        assertThat(report.loops().count()).isZero();
        // Every channel is used by exactly one of the two tagged walks.
        assertThat(report.maxChannelLoad()).isEqualTo(1);
        // The pair from s1's own host has no entry for a host-port arrival.
        VerificationReport fromS1 = verify(new RoutingResult("tags", 1,
                List.of(new PairLayer("s1", "s2", 0)), e, true));
        assertThat(fromS1.unreachable().examples()).containsExactly("s1->s2 layer 0: no entry at s1 for s2");
    }

    @Test
    @DisplayName("scales: 512-switch fabric of degree 8, all 261,632 pairs walked")
    void largeFabric() {
        Topology t = Fabrics.irregular(512, 8, 3);
        int n = 512;
        int[][] dist = t.graph().distances();
        int[][] next = new int[n][n];
        for (int d = 0; d < n; d++) {
            for (int u = 0; u < n; u++) {
                next[d][u] = -1;
                if (u == d) {
                    continue;
                }
                for (int c : t.graph().out(u)) {
                    int v = t.graph().dst(c);
                    if (dist[v][d] == dist[u][d] - 1 && (next[d][u] < 0 || v < next[d][u])) {
                        next[d][u] = v;
                    }
                }
            }
        }
        RoutingResult res = result(t, 1, zeros(n), new int[][][] {next}, true);
        VerificationReport r = DeadlockVerifier.verify(t, res);
        assertThat(r.pairsChecked()).isEqualTo(n * (n - 1));
        assertThat(r.connected()).isTrue();
        assertThat(r.nonShortest().count()).isZero();
    }
}
