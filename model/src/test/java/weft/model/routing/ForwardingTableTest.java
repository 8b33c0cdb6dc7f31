package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The forwarding lookup against the priorities the controller compiles (an in_port entry +2000, a path-tagged entry
 * +1000, a group's default matching any tag): hand-built entries on a 4-ring (s0-s1-s2-s3-s0, host on port 1 of
 * each switch, port 2 towards the lower link index), and random entry sets against a brute-force priority search.
 */
class ForwardingTableTest {
    private static final Topology RING = Fabrics.ring(4);
    private static final SwitchGraph G = RING.graph();

    /** The port of {@code from} on its link to {@code to}. */
    private static int port(int from, int to) {
        for (int c : G.out(from)) {
            if (G.dst(c) == to) {
                return G.srcPort(c);
            }
        }
        throw new AssertionError("no link s" + from + "-s" + to);
    }

    private static ForwardingEntry entry(int sw, int dst, Integer inPort, Integer path, int... out) {
        List<Integer> ports = new ArrayList<>();
        for (int p : out) {
            ports.add(p);
        }
        return new ForwardingEntry("s" + sw, "s" + dst, 0, inPort, path, ports);
    }

    private static ForwardingTable table(ForwardingEntry... entries) {
        return ForwardingTable.of(RING, new RoutingResult("t", 1, List.of(), List.of(entries), false));
    }

    private static int out(ForwardingTable t, int e) {
        return e == ForwardingTable.NONE ? -1 : t.outPort(e, 0);
    }

    @Test
    @DisplayName("A plain entry applies to any arrival port and any path tag; no entry is NONE")
    void plainEntry() {
        ForwardingTable t = table(entry(1, 2, null, null, port(1, 2)));
        assertThat(out(t, t.lookup(1, 2, 0, port(1, 0), 0))).isEqualTo(port(1, 2));
        assertThat(out(t, t.lookup(1, 2, 0, ForwardingTable.NO_PORT, 7))).isEqualTo(port(1, 2));
        assertThat(t.lookup(0, 2, 0, 1, 0)).isEqualTo(ForwardingTable.NONE);
        assertThat(t.lookup(1, 3, 0, 1, 0)).isEqualTo(ForwardingTable.NONE);
        assertThat(t.lookup(1, 2, 1, 1, 0)).as("layer outside the result").isEqualTo(ForwardingTable.NONE);
    }

    @Test
    @DisplayName("Within a group the tagged entry beats the default; the default is the untagged entry, else the "
            + "lowest tag; a packet without a tag carries 0")
    void tagsAndDefaults() {
        ForwardingTable t = table(entry(0, 2, null, null, port(0, 1)), entry(0, 2, null, 5, port(0, 3)));
        assertThat(out(t, t.lookup(0, 2, 0, 1, 5))).isEqualTo(port(0, 3));
        assertThat(out(t, t.lookup(0, 2, 0, 1, 4))).isEqualTo(port(0, 1));
        assertThat(out(t, t.lookup(0, 2, 0, 1, ForwardingTable.tagOf(null)))).isEqualTo(port(0, 1));

        ForwardingTable tagged = table(entry(0, 2, null, 3, port(0, 1)), entry(0, 2, null, 2, port(0, 3)));
        assertThat(out(tagged, tagged.lookup(0, 2, 0, 1, 3))).isEqualTo(port(0, 1));
        assertThat(out(tagged, tagged.lookup(0, 2, 0, 1, 9))).as("lowest tag is the default").isEqualTo(port(0, 3));

        ForwardingTable zero = table(entry(0, 2, null, null, port(0, 1)), entry(0, 2, null, 0, port(0, 3)));
        assertThat(out(zero, zero.lookup(0, 2, 0, 1, ForwardingTable.tagOf(null))))
                .as("an untagged packet is DSCP 0 on the wire").isEqualTo(port(0, 3));
    }

    @Test
    @DisplayName("An entry for the arrival port beats every any-port entry, a tagged one too; an entry for "
            + "another port never applies")
    void inPortPrecedence() {
        int fromS0 = port(1, 0);
        int fromS2 = port(1, 2);
        ForwardingTable t = table(entry(1, 3, null, 5, port(1, 2)), entry(1, 3, fromS0, null, port(1, 2)),
                entry(1, 3, fromS2, 7, port(1, 0)), entry(1, 3, null, null, port(1, 0)));
        assertThat(out(t, t.lookup(1, 3, 0, fromS0, 5))).as("in_port default (2000) over tag 5 (1000)")
                .isEqualTo(port(1, 2));
        assertThat(out(t, t.lookup(1, 3, 0, 1, 5))).as("host port: any-port tag 5").isEqualTo(port(1, 2));
        assertThat(out(t, t.lookup(1, 3, 0, 1, 0))).as("host port: any-port default").isEqualTo(port(1, 0));
        assertThat(out(t, t.lookup(1, 3, 0, fromS2, 0))).as("the in_port group's default is its lowest tag")
                .isEqualTo(port(1, 0));

        ForwardingTable only = table(entry(1, 3, fromS0, null, port(1, 2)));
        assertThat(only.lookup(1, 3, 0, fromS2, 0)).isEqualTo(ForwardingTable.NONE);
        assertThat(only.lookup(1, 3, 0, ForwardingTable.NO_PORT, 0)).isEqualTo(ForwardingTable.NONE);
    }

    @Test
    @DisplayName("A port group lists every out port as a channel of the switch graph")
    void portGroups() {
        ForwardingTable t = table(entry(0, 2, null, null, port(0, 1), port(0, 3)));
        int e = t.lookup(0, 2, 0, 1, 0);
        assertThat(t.outCount(e)).isEqualTo(2);
        assertThat(G.dst(t.outChannel(e, 0))).isEqualTo(1);
        assertThat(G.dst(t.outChannel(e, 1))).isEqualTo(3);
        assertThat(t.entry(e).outPorts()).containsExactly(port(0, 1), port(0, 3));
    }

    @Test
    @DisplayName("The ingress layer is the listed path's, else the lowest path's (untagged first), else 0")
    void ingressLayer() {
        RoutingResult r = new RoutingResult("t", 3, List.of(new PairLayer("s0", "s2", 2, 1),
                new PairLayer("s0", "s2", 1, 0), new PairLayer("s1", "s3", 2), new PairLayer("s1", "s3", 1, 4)),
                List.of(), false);
        ForwardingTable t = ForwardingTable.of(RING, r);
        assertThat(t.ingressLayer(0, 2, 1)).isEqualTo(2);
        assertThat(t.ingressLayer(0, 2, 0)).isEqualTo(1);
        assertThat(t.ingressLayer(0, 2, 9)).isEqualTo(1);
        assertThat(t.ingressLayer(1, 3, 4)).isEqualTo(1);
        assertThat(t.ingressLayer(1, 3, 0)).isEqualTo(2);
        assertThat(t.ingressLayer(2, 0, 0)).isZero();
        assertThat(t.pairTags(0, 2)).containsExactly(0, 1);
        assertThat(t.pairTags(1, 3)).containsExactly(4);
        assertThat(t.pairTags(3, 1)).isEmpty();
    }

    @Test
    @DisplayName("Malformed entries: the strict index refuses them naming the entry, the lenient one reports and "
            + "skips them; the first of duplicates stays; entries at their own destination are not indexed")
    void malformed() {
        ForwardingEntry bad = entry(0, 2, null, null, 9);
        assertThatThrownBy(() -> table(entry(0, 2, null, null, port(0, 1)), bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("routes of t: forwarding[1] at s0 for s2 layer 0: out port 9 has no switch link "
                        + "(expected a port in [2, 3])");
        List<String> problems = new ArrayList<>();
        RoutingResult r = new RoutingResult("t", 1, List.of(), List.of(bad,
                new ForwardingEntry("s9", "s2", 0, null, null, List.of(2)),
                new ForwardingEntry("s0", "s2", 4, null, null, List.of(2)),
                entry(1, 2, null, null, port(1, 2)), entry(1, 2, null, null, port(1, 0)),
                entry(2, 2, null, null, port(2, 1))), false);
        ForwardingTable t = ForwardingTable.of(RING, r, problems::add);
        assertThat(problems).containsExactly(
                "forwarding[0] at s0 for s2 layer 0: out port 9 has no switch link (expected a port in [2, 3])",
                "forwarding[1] at s9 for s2 layer 0: unknown switch s9",
                "forwarding[2] at s0 for s2 layer 4: layer outside 0..0",
                "duplicate entries at s1 for s2 layer 0 in_port null path null");
        assertThat(t.size()).isEqualTo(1);
        assertThat(out(t, t.lookup(1, 2, 0, 1, 0))).isEqualTo(port(1, 2));
        assertThat(t.lookup(0, 2, 0, 1, 0)).isEqualTo(ForwardingTable.NONE);
    }

    /**
     * Random entry sets on the ring's switch s1 towards s3 (arrival ports 1..3, tags 0..3, random out port): the
     * lookup equals the highest-priority matching rule of the compiled table, where each (in_port) group installs
     * its default for any tag at priority {@code bonus} and each tagged entry at {@code bonus + 1000}.
     */
    @Property(tries = 500)
    void agreesWithTheCompiledPriorities(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<ForwardingEntry> entries = new ArrayList<>();
        boolean[][] taken = new boolean[5][6];
        for (int i = rnd.nextInt(1, 8); i > 0; i--) {
            int in = rnd.nextInt(0, 4);
            int tag = rnd.nextInt(-1, 4);
            if (!taken[in][tag + 1]) {
                taken[in][tag + 1] = true;
                entries.add(entry(1, 3, in == 0 ? null : in, tag < 0 ? null : tag, rnd.nextBoolean() ? 2 : 3));
            }
        }
        ForwardingTable t = ForwardingTable.of(RING, new RoutingResult("t", 1, List.of(), entries, false));
        for (int in = 1; in <= 3; in++) {
            for (int tag = 0; tag < 5; tag++) {
                ForwardingEntry expected = compiled(entries, in, tag);
                int e = t.lookup(1, 3, 0, in, tag);
                assertThat(e == ForwardingTable.NONE ? null : t.entry(e)).as("in_port %d tag %d in %s", in, tag,
                        entries).isEqualTo(expected);
            }
        }
    }

    /** The entry whose compiled rule has the highest priority among those matching (in_port, tag). */
    private static ForwardingEntry compiled(List<ForwardingEntry> entries, int inPort, int tag) {
        ForwardingEntry best = null;
        int bestPriority = -1;
        for (ForwardingEntry e : entries) {
            if (e.inPort() != null && e.inPort() != inPort) {
                continue;
            }
            int bonus = e.inPort() == null ? 0 : 2000;
            int priority = -1;
            if (e.path() != null && e.path() == tag) {
                priority = bonus + 1000;
            } else if (isDefault(entries, e)) {
                priority = bonus;
            }
            if (priority > bestPriority) {
                best = e;
                bestPriority = priority;
            }
        }
        return best;
    }

    private static boolean isDefault(List<ForwardingEntry> entries, ForwardingEntry e) {
        for (ForwardingEntry o : entries) {
            if (o != e && java.util.Objects.equals(o.inPort(), e.inPort())) {
                if (o.path() == null || e.path() != null && o.path() < e.path()) {
                    return false;
                }
            }
        }
        return true;
    }
}
