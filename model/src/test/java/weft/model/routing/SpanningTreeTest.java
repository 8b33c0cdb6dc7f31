package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

class SpanningTreeTest extends RoutingEngineContract {
    SpanningTreeTest() {
        super(new SpanningTree(), Fabrics.ring(4), Fabrics.ring(7), Fabrics.mesh(4, 3), Fabrics.torus(4, 4),
                Fabrics.karyNTree(2, 3), Fabrics.irregular(32, 4, 5));
    }

    /** The switches a packet from {@code s} to {@code d} visits, read from the entries alone. */
    static List<String> walk(Topology t, RoutingResult r, String s, String d) {
        SwitchGraph g = t.graph();
        List<String> visited = new ArrayList<>(List.of(s));
        String at = s;
        while (!at.equals(d)) {
            String here = at;
            int port = r.forwarding().stream().filter(e -> e.switchId().equals(here) && e.dst().equals(d))
                    .findFirst().orElseThrow().outPorts().get(0);
            at = g.switchId(g.dst(g.channelAtPort(t.switchIndex(here), port)));
            visited.add(at);
        }
        return visited;
    }

    /** Links (indexes) that some forwarding entry sends on. */
    static Set<Integer> linksUsed(Topology t, RoutingResult r) {
        SwitchGraph g = t.graph();
        Set<Integer> used = new HashSet<>();
        for (ForwardingEntry e : r.forwarding()) {
            for (int port : e.outPorts()) {
                used.add(SwitchGraph.linkOf(g.channelAtPort(t.switchIndex(e.switchId()), port)));
            }
        }
        return used;
    }

    @Test
    @DisplayName("Seed 002 §2.1.4 (STP): 4-ring, root = lowest bridge id s0; s2 ties s1/s3 at cost 2 and takes s1 "
            + "(lower designated bridge id), so link s2-s3 is blocked and s2->s3 goes round (hand-computed)")
    void fourRing() {
        Topology ring = Fabrics.ring(4);
        RoutingResult r = engine().compute(ring, RoutingOptions.defaults());
        assertThat(walk(ring, r, "s2", "s3")).containsExactly("s2", "s1", "s0", "s3");
        assertThat(walk(ring, r, "s3", "s2")).containsExactly("s3", "s0", "s1", "s2");
        assertThat(walk(ring, r, "s1", "s3")).containsExactly("s1", "s0", "s3");
        // Ring links: 0 = s0-s1, 1 = s1-s2, 2 = s2-s3, 3 = s3-s0.
        assertThat(linksUsed(ring, r)).containsExactlyInAnyOrder(0, 1, 3);
    }

    @Test
    @DisplayName("802.1D-2004 path costs: a 1 Gbit/s link to the root (cost 20,000) loses to two 10 Gbit/s hops "
            + "(2,000 + 2,000)")
    void pathCostFollowsLinkSpeed() {
        List<Switch> switches = List.of(new Switch("s0", 1, 3), new Switch("s1", 2, 3), new Switch("s2", 3, 3));
        List<Host> hosts = List.of(
                new Host("h0", "02:00:00:00:00:01", "10.0.0.1", "s0", 1, 10.0),
                new Host("h1", "02:00:00:00:00:02", "10.0.0.2", "s1", 1, 10.0),
                new Host("h2", "02:00:00:00:00:03", "10.0.0.3", "s2", 1, 10.0));
        List<Link> links = List.of(new Link("s0", 2, "s1", 2, 10.0), new Link("s1", 3, "s2", 2, 10.0),
                new Link("s2", 3, "s0", 3, 1.0));
        Topology t = new Topology("triangle", switches, hosts, links);
        assertThat(SpanningTree.portCost(t.graph(), 0)).isEqualTo(2_000);
        assertThat(SpanningTree.portCost(t.graph(), 4)).isEqualTo(20_000);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        assertThat(walk(t, r, "s2", "s0")).containsExactly("s2", "s1", "s0");
        assertThat(linksUsed(t, r)).containsExactlyInAnyOrder(0, 1);
    }

    @Test
    @DisplayName("--root chooses the root bridge; an unknown root is refused by name")
    void rootChoice() {
        Topology ring = Fabrics.ring(4);
        RoutingResult r = engine().compute(ring, RoutingOptions.defaults().withRoot("s2"));
        // Root s2: s1 and s3 hang off it; s0 ties between s1 and s3 and takes s1; link s3-s0 is blocked.
        assertThat(walk(ring, r, "s3", "s0")).containsExactly("s3", "s2", "s1", "s0");
        assertThatThrownBy(() -> engine().compute(ring, RoutingOptions.defaults().withRoot("s9")))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("stp: root s9 is not a switch of ring-4");
    }

    @Property(tries = 40, seed = "21")
    @Label("random irregular fabrics, tori and meshes: verified deadlock-free and connected on exactly n-1 links")
    void treeOnEveryFabric(@ForAll(supplier = Fabrics.AnyFamily.class) Topology t) {
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        VerificationReport v = DeadlockVerifier.verify(t, r);
        assertThat(v.ok()).as(t.name() + ": " + v.verdict()).isTrue();
        assertThat(linksUsed(t, r)).as(t.name()).hasSize(t.switches().size() - 1);
    }
}
