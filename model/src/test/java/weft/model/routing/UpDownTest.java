package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.TreeSet;


import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

class UpDownTest extends RoutingEngineContract {
    UpDownTest() {
        super(new UpDown(), Fabrics.ring(4), Fabrics.ring(7), Fabrics.mesh(4, 3), Fabrics.torus(4, 4),
                Fabrics.karyNTree(2, 3), Fabrics.irregular(32, 4, 5));
    }

    private static String nextHop(RoutingResult r, Topology t, String at, String dst) {
        int port = r.forwarding().stream().filter(e -> e.switchId().equals(at) && e.dst().equals(dst))
                .findFirst().orElseThrow().outPorts().get(0);
        int u = t.switchIndex(at);
        return t.graph().switchId(t.graph().dst(t.graph().channelAtPort(u, port)));
    }

    @Test
    @DisplayName("Seed 002 §2.1.4 (hand-computed from its rule): 4-ring rooted at 0 = one restriction at 2; every "
            + "pair keeps a "
            + "shortest path")
    void e8FourRing() {
        Topology ring = Fabrics.ring(4);
        RoutingResult r = engine().compute(ring, RoutingOptions.defaults().withRoot("s0"));
        // Hand-computed: 1->3 via 0 (up, down) and 3->1 via 0.
        assertThat(nextHop(r, ring, "s1", "s3")).isEqualTo("s0");
        assertThat(nextHop(r, ring, "s3", "s1")).isEqualTo("s0");
        // No path turns 1->2->3 or 3->2->1 (the restriction at switch 2).
        assertThat(nextHop(r, ring, "s2", "s3")).isEqualTo("s3");
        assertThat(nextHop(r, ring, "s2", "s1")).isEqualTo("s1");
        RoutingResult asShortest = new RoutingResult(r.engine(), r.layers(), r.layerOf(), r.forwarding(), true);
        VerificationReport v = DeadlockVerifier.verify(ring, asShortest);
        assertThat(v.ok()).as(v.verdict()).isTrue();
    }

    @Test
    @DisplayName("most central root by default; an unknown --root is refused by name")
    void rootChoice() {
        Topology line = Fabrics.mesh(5, 1);
        assertThat(UpDown.root(line, null)).isEqualTo(2);
        assertThatThrownBy(() -> engine().compute(line, RoutingOptions.defaults().withRoot("s99")))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("updown: root s99 is not a switch of mesh-5x1");
    }

    @Test
    @DisplayName("paths are legal: no up channel after a down channel, on a torus with the root in a corner")
    void legalPaths() {
        Topology t = Fabrics.torus(5, 5);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults().withRoot("s7"));
        boolean[] up = UpDown.upChannels(t.graph(), 7);
        for (int s = 0; s < 25; s++) {
            for (int d = 0; d < 25; d++) {
                if (s == d) {
                    continue;
                }
                int u = s;
                boolean wentDown = false;
                while (u != d) {
                    String hop = nextHop(r, t, "s" + u, "s" + d);
                    int c = t.graph().channelAtPort(u, portTo(t, u, t.switchIndex(hop), r, d));
                    assertThat(wentDown && up[c]).as("s%d->s%d goes up after down at s%d", s, d, u).isFalse();
                    wentDown |= !up[c];
                    u = t.graph().dst(c);
                }
            }
        }
    }

    private static int portTo(Topology t, int u, int v, RoutingResult r, int d) {
        return r.forwarding().stream().filter(e -> e.switchId().equals("s" + u) && e.dst().equals("s" + d))
                .findFirst().orElseThrow().outPorts().get(0);
    }

    @Test
    @DisplayName("ties (hand-computed on the 3x3 mesh rooted at the corner s0): s8 reaches s0, s1, s3 and s4 up "
            + "through s5 or s7 at equal cost; balanced, it uses both; with balancing off, always the same one (its "
            + "lower port)")
    void tieBreaks() {
        Topology mesh = Fabrics.mesh(3, 3);
        RoutingOptions rooted = RoutingOptions.defaults().withRoot("s0");
        RoutingResult balanced = engine().compute(mesh, rooted);
        RoutingResult plain = engine().compute(mesh, rooted.withBalance(false));
        Set<String> viaBalanced = new TreeSet<>();
        Set<String> viaPlain = new TreeSet<>();
        for (String d : new String[] {"s0", "s1", "s3", "s4"}) {
            viaBalanced.add(nextHop(balanced, mesh, "s8", d));
            viaPlain.add(nextHop(plain, mesh, "s8", d));
        }
        assertThat(viaBalanced).containsExactly("s5", "s7");
        assertThat(viaPlain).hasSize(1).isSubsetOf("s5", "s7");
        int low = Math.min(portOf(mesh, 8, 5), portOf(mesh, 8, 7));
        assertThat(portOf(mesh, 8, mesh.switchIndex(viaPlain.iterator().next()))).isEqualTo(low);
    }

    private static int portOf(Topology t, int u, int v) {
        for (int c : t.graph().out(u)) {
            if (t.graph().dst(c) == v) {
                return t.graph().srcPort(c);
            }
        }
        throw new AssertionError("no link s" + u + "-s" + v);
    }

    @Property(tries = 40, seed = "6")
    @Label("random irregular fabrics of 8-128 switches: verified connected and deadlock-free")
    void randomIrregularFabrics(@ForAll @IntRange(min = 8, max = 128) int switches,
                                @ForAll @IntRange(min = 3, max = 8) int degree,
                                @ForAll long seed) {
        Topology t = Fabrics.irregular(switches, degree, seed);
        VerificationReport v = DeadlockVerifier.verify(t, engine().compute(t, RoutingOptions.defaults()));
        assertThat(v.ok()).as(t.name() + ": " + v.verdict()).isTrue();
    }
}
