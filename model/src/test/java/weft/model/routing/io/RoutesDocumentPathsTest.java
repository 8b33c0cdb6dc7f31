package weft.model.routing.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import weft.model.routing.Fabrics;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument.RoutedPath;
import weft.model.topology.Topology;

class RoutesDocumentPathsTest {
    @Test
    void readsPathsOffTheEntries() {
        Topology ring = Fabrics.ring(4);
        RoutingResult r = RoutingEngines.byName("updown").compute(ring, RoutingOptions.defaults().withRoot("s0"));
        List<RoutedPath> paths = RoutesDocument.pathsOf(ring, r);
        assertThat(paths).hasSize(12);
        // Up*/Down* on the 4-ring (hand-computed from seed 002 §2.1.4): 1 -> 3 goes through the root.
        assertThat(paths).contains(new RoutedPath("s1", "s3", 0, null, List.of("s1", "s0", "s3")));
    }

    @Test
    void followsTagsAndLeavesOutBrokenWalks() {
        Topology ring = Fabrics.ring(4);
        // s0 -> s2: tag 1 via s1 (port 2), tag 2 via s3 (port 3); s1 has an entry, s3 has none.
        List<ForwardingEntry> e = List.of(
                new ForwardingEntry("s0", "s2", 0, null, 1, List.of(2)),
                new ForwardingEntry("s0", "s2", 0, null, 2, List.of(3)),
                ForwardingEntry.of("s1", "s2", 0, 3));
        RoutingResult r = new RoutingResult("t", 1, List.of(new PairLayer("s0", "s2", 0, 1),
                new PairLayer("s0", "s2", 0, 2)), e, false);
        assertThat(RoutesDocument.pathsOf(ring, r)).containsExactly(new RoutedPath("s0", "s2", 0, 1,
                List.of("s0", "s1", "s2")));
    }
}
