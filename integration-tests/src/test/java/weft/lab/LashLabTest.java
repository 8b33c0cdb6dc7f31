package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.Torus;

/**
 * LASH and Segment-based routing on real OVS (seed 002 §3.2-3.3): every pair delivered, entries equal the routes,
 * and on the wire of a core link the 802.1Q PCP equals the pair's LASH layer. Skipped until the {@code lash}
 * branch (engines {@code lash}, {@code sr}) is merged.
 */
@Tag("lab")
class LashLabTest {
    private static final Pattern TAG = Pattern.compile("vlan (\\d+), p (\\d+), .*? (\\d+\\.\\d+\\.\\d+\\.\\d+) > "
            + "(\\d+\\.\\d+\\.\\d+\\.\\d+): ICMP echo request");

    @Test
    @DisplayName("4x4 torus, LASH then MP-LASH (4 layers, path tags): every pair; the PCP seen by tcpdump on a "
            + "core link equals the pair's layer")
    void torusLash() throws Exception {
        Topology torus = Torus.generate(List.of(4, 4), GeneratorOptions.defaults().withHosts(1));
        try (LabHarness h = LabHarness.of("LashLabTest-torus", "wllash", torus, "lash")) {
            h.checkAllPairs();
            checkPcpOnWire(h, "lash");
            h.switchEngine("mplash");
            h.checkAllPairs();
            assertThat(h.controller.fabric().routes().layers()).isGreaterThan(1);
            checkPcpOnWire(h, "mplash");
            checkTaggedPathOnWire(h);
        }
    }

    /** MP-LASH: a packet whose DSCP names a path in a non-zero layer carries that layer as PCP on the wire. */
    private static void checkTaggedPathOnWire(LabHarness h) throws Exception {
        RoutingResult r = h.controller.fabric().routes();
        Topology t = h.lab.topology();
        Host src = t.hosts().get(0);
        for (PairLayer p : r.layerOf()) {
            if (!p.src().equals(src.switchId()) || p.path() == null || p.layer() == 0) {
                continue;
            }
            String second = hop(t, src.switchId(), pathPort(r, src.switchId(), p.dst(), p.layer(), p.path()));
            if (second.equals(p.dst())) {
                continue;
            }
            int port = pathPort(r, second, p.dst(), p.layer(), p.path());
            Host dst = t.hostsOf(p.dst()).get(0);
            String dev = h.lab.interfaceOf(second, port);
            String line = capture(h, dev, src, dst, p.path() << 2);
            Matcher m = TAG.matcher(line);
            assertThat(m.find()).as("tagged echo request on %s: %s", dev, line).isTrue();
            assertThat(Integer.parseInt(m.group(2))).as("PCP of %s -> %s path %d on %s", src.id(), dst.id(),
                    p.path(), dev).isEqualTo(p.layer());
            Files.writeString(h.dir.resolve("pcp-on-wire-mplash-path.txt"), src.id() + "->" + dst.id() + " path "
                    + p.path() + " (DSCP " + p.path() + ") on " + dev + ": layer " + p.layer() + ", wire: "
                    + m.group() + "\n");
            return;
        }
        throw new AssertionError("MP-LASH gave " + src.switchId() + " no multi-hop path in a non-zero layer");
    }

    /** The out port of the entry for (dst, layer, path) at a switch, falling back to the untagged entry. */
    private static int pathPort(RoutingResult r, String sw, String dst, int layer, int path) {
        ForwardingEntry any = null;
        for (ForwardingEntry e : r.forwarding()) {
            if (e.switchId().equals(sw) && e.dst().equals(dst) && e.layer() == layer && e.inPort() == null) {
                if (e.path() != null && e.path() == path) {
                    return e.outPorts().get(0);
                }
                if (e.path() == null) {
                    any = e;
                }
            }
        }
        if (any == null) {
            throw new AssertionError("no entry at " + sw + " for " + dst + " layer " + layer + " path " + path);
        }
        return any.outPorts().get(0);
    }

    private static String hop(Topology t, String sw, int port) {
        for (Link l : t.links()) {
            if (l.a().equals(sw) && l.aPort() == port) {
                return l.b();
            }
            if (l.b().equals(sw) && l.bPort() == port) {
                return l.a();
            }
        }
        throw new AssertionError(sw + " port " + port + " is not a switch link");
    }

    /** For a few pairs, the PCP on the second hop of the default path equals the layer of the pair's lowest path. */
    private static void checkPcpOnWire(LabHarness h, String engine) throws Exception {
        RoutingResult r = h.controller.fabric().routes();
        assertThat(h.controller.fabric().program().layered()).as("LASH results travel tagged").isTrue();
        Topology t = h.lab.topology();
        int checked = 0;
        List<String> seen = new ArrayList<>();
        for (Host src : List.of(t.hosts().get(0), t.hosts().get(5))) {
            for (Host dst : t.hosts()) {
                if (dst.switchId().equals(src.switchId()) || checked >= 6) {
                    continue;
                }
                int layer = layerOf(r, src.switchId(), dst.switchId());
                String second = hop(t, src.switchId(), outPort(r, src.switchId(), dst.switchId(), layer));
                int port = outPort(r, second, dst.switchId(), layer);
                if (port < 0) {
                    continue;
                }
                String dev = h.lab.interfaceOf(second, port);
                String line = capture(h, dev, src, dst, 0);
                Matcher m = TAG.matcher(line);
                assertThat(m.find()).as("tagged echo request %s -> %s on %s: %s", src.id(), dst.id(), dev, line)
                        .isTrue();
                assertThat(Integer.parseInt(m.group(1))).isEqualTo(1);
                assertThat(Integer.parseInt(m.group(2))).as("PCP of %s -> %s on %s (second hop, from %s)",
                        src.id(), dst.id(), dev, second).isEqualTo(layer);
                seen.add(src.id() + "->" + dst.id() + " on " + dev + ": layer " + layer + ", wire: "
                        + m.group());
                checked++;
            }
        }
        assertThat(checked).isPositive();
        Files.write(h.dir.resolve("pcp-on-wire-" + engine + ".txt"), seen);
    }

    /** The layer of the pair's default path: the one without a path id, else the lowest path id. */
    private static int layerOf(RoutingResult r, String src, String dst) {
        PairLayer best = null;
        for (PairLayer p : r.layerOf()) {
            if (p.src().equals(src) && p.dst().equals(dst) && (best == null || (best.path() != null
                    && (p.path() == null || p.path() < best.path())))) {
                best = p;
            }
        }
        if (best == null) {
            throw new AssertionError("no layer for " + src + " -> " + dst);
        }
        return best.layer();
    }

    private static int outPort(RoutingResult r, String sw, String dst, int layer) {
        if (sw.equals(dst)) {
            return -1;
        }
        for (ForwardingEntry e : r.forwarding()) {
            if (e.switchId().equals(sw) && e.dst().equals(dst) && e.layer() == layer && e.inPort() == null
                    && (e.path() == null || e.path() == lowestPath(r, sw, dst, layer))) {
                return e.outPorts().get(0);
            }
        }
        throw new AssertionError("no entry at " + sw + " for " + dst + " in layer " + layer);
    }

    private static int lowestPath(RoutingResult r, String sw, String dst, int layer) {
        int lowest = Integer.MAX_VALUE;
        for (ForwardingEntry e : r.forwarding()) {
            if (e.switchId().equals(sw) && e.dst().equals(dst) && e.layer() == layer && e.path() != null) {
                lowest = Math.min(lowest, e.path());
            }
        }
        return lowest;
    }


    /** Pings once while tcpdump -e watches a switch-side interface; returns tcpdump's output. */
    private static String capture(LabHarness h, String dev, Host src, Host dst, int tos) throws Exception {
        Process dump = new ProcessBuilder("timeout", "5", "tcpdump", "-e", "-n", "-l", "-c", "1", "-i", dev,
                "vlan and icmp[icmptype] == icmp-echo and src host " + src.ip()).redirectErrorStream(false).start();
        // tcpdump says "listening on" once its filter is in place: the ping goes after that, not after a guess
        java.io.BufferedReader err = new java.io.BufferedReader(new java.io.InputStreamReader(dump.getErrorStream(),
                java.nio.charset.StandardCharsets.UTF_8));
        String line = err.readLine();
        while (line != null && !line.contains("listening on")) {
            line = err.readLine();
        }
        h.lab.exec(src.id(), Duration.ofSeconds(5), "ping", "-n", "-c", "3", "-i", "0.2", "-W", "1", "-Q",
                Integer.toString(tos), dst.ip());
        dump.waitFor();
        return new String(dump.getInputStream().readAllBytes());
    }
}
