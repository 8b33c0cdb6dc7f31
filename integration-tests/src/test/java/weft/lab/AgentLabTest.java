package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.lab.LabScripts.await;
import static weft.lab.LabScripts.quiet;
import static weft.lab.LabScripts.sh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.TestInstance;
import weft.controller.agentlink.AgentLinkServer;
import weft.model.protocol.PathSpec;

/**
 * Host agents in four network namespaces on a real userspace OVS bridge, driven by the agent registry over the
 * control channel: explicit rates are delivered, Periodic Selection gives three flows their own rates, sprayed
 * packets are repaired by the resequencer (and are not without it), and tc mode shapes an unmodified iperf3 flow.
 *
 * <p>Fabric (all names start with {@code wa}, deleted by name afterwards): bridge {@code wab1} with hosts
 * {@code wah1..wah4} on ports 1-4 (10.77.0.1-4, explicit L2 entries) and an internal port {@code wactl}
 * (10.77.0.254) for the registry
 * in this JVM; a second bridge {@code wab2} is a detour: UDP from h1 with source port 40001 (path tag 1) leaves
 * {@code wab1} on port 10, crosses {@code wab2} and comes back on port 11, so path 1 is longer than path 0 (tag 40000,
 * normal switching) and packets sprayed over both arrive out of order.
 *
 * <p>Agents run with the default 2 x 1538 B token bucket: the injector makes up for late wake-ups of its thread
 * (up to 20 ms, see {@code weft.agent.datapath.Injector}), so the small bucket holds the rate on a busy machine.
 * Rates are IP-level throughout; the tc test converts iperf3's TCP goodput to IP bytes with the flow's MSS. The
 * tests assert what the agents guarantee, stated where they are checked: the rate a sender puts on the wire while it
 * is scheduled, and the resequencer's order within its age threshold. Every measurement is appended to
 * {@code target/lab/AgentLabTest/results.txt}.
 */
@Tag("lab")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AgentLabTest {
    private static final String TOKEN = "lab-token-7f3a9c2e51d4b8";
    private static final int CTL_PORT = 6791;
    private static final int OVS_PORT_RCVBUF = 4 << 20;
    /** The resequencer's starting age threshold on h2, in µs. */
    private static final long RESEQ_START_US = 100_000;
    private static final Path OUT = Path.of("target", "lab", "AgentLabTest");
    private final ObjectMapper json = new ObjectMapper();
    private final List<Process> agents = new ArrayList<>();
    private final Process[] agentOf = new Process[5];
    private AgentLinkServer registry;
    private String classpath;

    // ---- fabric ----------------------------------------------------------------------------------------------

    private static void teardownFabric() {
        quiet("ovs-vsctl --if-exists del-br wab1; ovs-vsctl --if-exists del-br wab2");
        for (int i = 1; i <= 4; i++) {
            quiet("ip netns del wah" + i);
            quiet("ip link del wa" + i + "p");
        }
        quiet("ip link del wa10a; ip link del wa11a");
    }

    /** Namespaces, veths and bridge ports of the fabric (see the class comment). */
    private static void addPorts() throws IOException, InterruptedException {
        for (int i = 1; i <= 4; i++) {
            sh("ip netns add wah" + i);
            sh("ip link add wa" + i + "p type veth peer name eth0 netns wah" + i + " && ip link set wa" + i + "p up");
            sh("ip netns exec wah" + i + " sh -c 'ip link set lo up; ip link set eth0 address 02:00:00:00:7a:0" + i
                    + "; ip addr add 10.77.0." + i + "/24 dev eth0; ip link set eth0 up; ethtool -K eth0 tx off'");
            sh("ovs-vsctl add-port wab1 wa" + i + "p -- set interface wa" + i + "p ofport_request=" + i);
        }
        sh("ip link add wa10a type veth peer name wa10b && ip link add wa11a type veth peer name wa11b");
        sh("for d in wa10a wa10b wa11a wa11b; do ip link set $d up; done");
        sh("ovs-vsctl add-port wab1 wa10a -- set interface wa10a ofport_request=10");
        sh("ovs-vsctl add-port wab1 wa11a -- set interface wa11a ofport_request=11");
        sh("ovs-vsctl add-port wab2 wa10b -- set interface wa10b ofport_request=1");
        sh("ovs-vsctl add-port wab2 wa11b -- set interface wa11b ofport_request=2");
        sh("ovs-vsctl add-port wab1 wactl -- set interface wactl type=internal ofport_request=20 "
                + "mac=\\\"02:00:00:00:7a:fe\\\"");
    }

    @BeforeAll
    void setUp() throws Exception {
        Files.createDirectories(OUT);
        Files.deleteIfExists(OUT.resolve("results.txt"));
        teardownFabric();
        String br = "ovs-vsctl add-br %s -- set bridge %s datapath_type=netdev protocols=OpenFlow13 fail_mode=secure "
                + "other-config:datapath-id=%016x other-config:disable-in-band=true";
        sh(String.format(br, "wab1", "wab1", 0x7A01));
        sh(String.format(br, "wab2", "wab2", 0x7A02));
        // ovs-vswitchd (userspace datapath) receives from each port through an AF_PACKET socket it opens when the
        // port is added, with the default receive buffer (net.core.rmem_default, 208 KiB = about 90 full-size
        // packets). Whenever ovs-vswitchd is not scheduled for longer than that buffer lasts (20 ms at 50 Mbit/s)
        // the kernel drops packets there, counted only on the socket (ss -0 -m: skmem d). The ports are therefore
        // added with a 4 MiB default, restored right after.
        String rmemDefault = sh("sysctl -n net.core.rmem_default").trim();
        sh("sysctl -qw net.core.rmem_default=" + OVS_PORT_RCVBUF);
        try {
            addPorts();
        } finally {
            sh("sysctl -qw net.core.rmem_default=" + rmemDefault);
        }
        sh("ip addr add 10.77.0.254/24 dev wactl && ip link set wactl up");
        String of = "ovs-ofctl -O OpenFlow13 add-flow ";
        sh(of + "wab2 in_port=1,actions=output:2");
        sh(of + "wab2 in_port=2,actions=output:1");
        sh(of + "wab1 priority=200,udp,in_port=1,tp_src=40001,actions=output:10");
        for (int i = 2; i <= 4; i++) {
            sh(of + "wab1 priority=200,ip,in_port=11,nw_dst=10.77.0." + i + ",actions=output:" + i);
        }
        // explicit L2 forwarding, no NORMAL: flooding would loop through the detour (ports 10, 11)
        for (int i = 1; i <= 4; i++) {
            sh(of + "wab1 priority=100,dl_dst=02:00:00:00:7a:0" + i + ",actions=output:" + i);
        }
        sh(of + "wab1 priority=100,dl_dst=02:00:00:00:7a:fe,actions=output:20");
        sh(of + "wab1 priority=90,dl_dst=ff:ff:ff:ff:ff:ff,actions=output:1,output:2,output:3,output:4,output:20");
        classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        registry = new AgentLinkServer(CTL_PORT, TOKEN, null, (src, dst) -> src.equals("h1")
                ? List.of(new PathSpec(0, 40000, List.of()), new PathSpec(1, 40001, List.of())) : List.of()).start();
        startAgent(1, "--tc-dev", "eth0");
        // the detour crosses ovs-vswitchd twice: its delay swings by tens of ms on this userspace datapath, so the
        // resequencer starts from a 100 ms age threshold (default 10 ms) and adapts upwards from there
        startAgent(2, "--reseq-initial-us", String.valueOf(RESEQ_START_US));
        startAgent(3, "--no-reseq");
        startAgent(4);
        await("4 agents to register", () -> registry.connectedHosts().size() == 4, 60);
    }

    /** The token in a file of mode 600 (tokens never go on a command line). */
    private static String tokenFile() throws IOException {
        Path f = OUT.resolve("agent-token");
        Files.writeString(f, TOKEN, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(f, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        return f.toAbsolutePath().toString();
    }

    private void startAgent(int i, String... extra) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", "wah" + i, "java", "-Xmx256m", "-cp",
                classpath, "weft.agent.cli.AgentCommand", "run", "--host", "h" + i, "--ip", "10.77.0." + i,
                "--controller", "10.77.0.254:" + CTL_PORT, "--token-file", tokenFile()));
        cmd.addAll(List.of(extra));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(OUT.resolve("agent-h" + i + ".log").toFile()).start();
        agents.add(p);
        agentOf[i] = p;
    }

    @AfterAll
    void tearDown() throws Exception {
        for (Process p : agents) {
            p.destroy(); // SIGTERM: the agent removes its tc qdisc on the way out
        }
        for (Process p : agents) {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        if (registry != null) {
            registry.close();
        }
        quiet("ovs-ofctl -O OpenFlow13 dump-flows wab1 > " + OUT.resolve("wab1-flows.txt"));
        // where packets were lost: OVS port drop counters and each host's UDP receive-buffer errors
        quiet("ovs-ofctl -O OpenFlow13 dump-ports wab1 > " + OUT.resolve("wab1-ports.txt"));
        // packets the kernel dropped on ovs-vswitchd's receive sockets (skmem d...) per port
        quiet("ss -0 -m -p | grep -E '[*]:wa[0-9]+[pab] ' > " + OUT.resolve("ovs-rx-socket-drops.txt"));
        for (int i = 1; i <= 4; i++) {
            quiet("ip netns exec wah" + i + " grep Udp: /proc/net/snmp > " + OUT.resolve("udp-h" + i + ".txt"));
        }
        quiet("ip addr del 10.77.0.254/24 dev wactl");
        teardownFabric();
    }

    // ---- measurements ----------------------------------------------------------------------------------------

    private Process perf(int from, int to, double seconds) throws IOException {
        return new ProcessBuilder("ip", "netns", "exec", "wah" + from, "java", "-Xmx128m", "-cp", classpath,
                "weft.agent.cli.AgentCommand", "perf", "--to", "10.77.0." + to, "--seconds", String.valueOf(seconds),
                "--json").redirectError(OUT.resolve("perf-h" + from + "-h" + to + ".err").toFile()).start();
    }

    private JsonNode result(Process p, String what) throws Exception {
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(what + " finished").isTrue();
        Files.writeString(OUT.resolve("results.txt"), what + ": " + out + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        System.out.println("AgentLabTest " + what + ": " + out);
        assertThat(out).as(what).startsWith("{");
        return json.readTree(out.substring(out.lastIndexOf("\n") + 1));
    }

    /**
     * What the sending agent guarantees of a flow's rate: {@code sent_mbps} (what it put on the wire over the span
     * of the send timestamps, so neither losses in the switch nor the receiving host's scheduling enter) over the
     * time its injector could send, i.e. less the wake-up lateness beyond its catch-up window that it reports
     * ({@code sender_stall_lost_ms}).
     */
    private static double sentWhileScheduled(JsonNode r) {
        double span = r.get("seconds").asDouble();
        double stalled = r.get("sender_stall_lost_ms").asDouble() / 1e3;
        return r.get("sent_mbps").asDouble() * span / Math.max(span - stalled, span / 2);
    }

    /**
     * Packets dropped on the fabric's paths so far: by ovs-vswitchd's receive sockets on the lab's ports ({@code ss
     * -m}: skmem {@code d}; the userspace switch drops there when it is not scheduled for longer than a 4 MiB buffer
     * lasts), by the veths on either end, and by the hosts' UDP receive buffers ({@code RcvbufErrors}: a receiving
     * agent not scheduled in time on a loaded machine). What is missing at a receiver and counted by none of these was
     * lost by an agent.
     */
    private static long pathDrops() {
        Matcher m = Pattern.compile(",d(\\d+)\\)").matcher(sh("ss -0 -m -p | grep -E '[*]:wa[0-9]+[pab] ' || true"));
        long sum = 0;
        while (m.find()) {
            sum += Long.parseLong(m.group(1));
        }
        String switchSide = "wa1p wa2p wa3p wa4p wa10a wa10b wa11a wa11b";
        sum += sumOfNumbers(sh("for d in " + switchSide + "; do cat /sys/class/net/$d/statistics/[rt]x_dropped; done"));
        for (int i = 1; i <= 4; i++) {
            String ns = "ip netns exec wah" + i + " ";
            sum += sumOfNumbers(sh(ns + "cat /sys/class/net/eth0/statistics/rx_dropped /sys/class/net/eth0/statistics/"
                    + "tx_dropped"));
            String[] udp = sh(ns + "grep '^Udp:' /proc/net/snmp").split("\n");
            int at = List.of(udp[0].trim().split("\\s+")).indexOf("RcvbufErrors");
            sum += Long.parseLong(udp[1].trim().split("\\s+")[at]);
        }
        return sum;
    }

    private static long sumOfNumbers(String lines) {
        return lines.lines().map(String::trim).filter(l -> !l.isEmpty()).mapToLong(Long::parseLong).sum();
    }

    /** The agents lose nothing: every packet missing at a receiver was dropped on the path since {@code before}. */
    private static void lostOnlyOnThePath(long lost, long before, Object measured) {
        long dropped = pathDrops() - before;
        assertThat(lost).as("packets lost, %d dropped by the switch's sockets, veths or UDP receive buffers, in\n%s",
                dropped, measured).isLessThanOrEqualTo(dropped);
    }

    /** Sets a rate by hand and waits until the source's agent reports its VOQ at it. */
    private void setRate(String src, String dst, double mbps, String policy) throws Exception {
        long bps = (long) (mbps * 1e6);
        registry.setRate(src, dst, bps, policy);
        await(src + " to report " + mbps + " Mbit/s to " + dst, () -> registry.lastReport(src).stream()
                .anyMatch(v -> v.dst().equals(dst) && v.bitsPerSecond() == bps), 20);
    }

    @Test
    @Order(1)
    void controllerRatesAreDeliveredWithinTwoPercent() throws Exception {
        for (double mbps : new double[] {10, 50, 200}) {
            setRate("h4", "h2", mbps, "sd");
            long drops = pathDrops();
            JsonNode r = result(perf(4, 2, 5), "rate " + mbps + " Mbit/s h4->h2");
            lostOnlyOnThePath(r.get("lost_packets").asLong(), drops, r);
            assertThat(sentWhileScheduled(r)).as("sent at %s Mbit/s in\n%s", mbps, r)
                    .isBetween(mbps * 0.98, mbps * 1.02);
        }
    }

    @Test
    @Order(2)
    void periodicSelectionGivesThreeFlowsTheirOwnRates() throws Exception {
        setRate("h2", "h1", 10, "sd");
        setRate("h2", "h3", 30, "sd");
        setRate("h2", "h4", 60, "sd");
        // one application sending three flows (one perf process, a thread and a connection per flow)
        long drops = pathDrops();
        Process p = new ProcessBuilder("ip", "netns", "exec", "wah2", "java", "-Xmx128m", "-cp", classpath,
                "weft.agent.cli.AgentCommand", "perf", "--to", "10.77.0.1,10.77.0.3,10.77.0.4", "--seconds", "5",
                "--json").redirectError(OUT.resolve("perf-h2-three.err").toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("three flows finished").isTrue();
        String[] lines = out.lines().filter(l -> l.startsWith("{")).toArray(String[]::new);
        Files.writeString(OUT.resolve("results.txt"), "three flows h2->h1,h3,h4:\n" + out + "\n",
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
        System.out.println("AgentLabTest three flows h2->h1,h3,h4:\n" + out);
        assertThat(lines).as("one result per flow in\n" + out).hasSize(3);
        double[] want = {10, 30, 60};
        JsonNode[] got = {json.readTree(lines[0]), json.readTree(lines[1]), json.readTree(lines[2])};
        lostOnlyOnThePath(got[0].get("lost_packets").asLong() + got[1].get("lost_packets").asLong()
                + got[2].get("lost_packets").asLong(), drops, out);
        for (int i = 0; i < 3; i++) {
            assertThat(sentWhileScheduled(got[i])).as("flow %d at %s Mbit/s in\n%s", i, want[i], got[i])
                    .isBetween(want[i] * 0.95, want[i] * 1.05);
        }
    }

    @Test
    @Order(3)
    void sprayedPacketsArriveInOrderOnlyWithTheResequencer() throws Exception {
        setRate("h1", "h2", 100, "rr");
        setRate("h1", "h3", 100, "rr");
        long drops = pathDrops();
        JsonNode with = result(perf(1, 2, 4), "spray rr h1->h2 (resequencer)");
        long lost = with.get("lost_packets").asLong();
        lostOnlyOnThePath(lost, drops, with);
        JsonNode without = result(perf(1, 3, 4), "spray rr h1->h3 (no resequencer)");
        assertThat(with.get("reordered_arrivals").asLong()).as("the detour reorders").isPositive();
        assertThat(with.get("reordering_fixed").asLong()).as("put back in order").isPositive();
        // What the resequencer guarantees (seed 004 §3.4.3): in-order delivery of every packet that arrives within
        // the age threshold; its threshold only grows, to the largest one-way delay it has seen. So while no
        // packet was later than the starting 100 ms, delivery must be in order with no timeout. A packet later than
        // that (userspace OVS not scheduled for that long) is still delivered, out of order, only after a timeout
        // skipped its number, as is the number of a packet the switch dropped.
        if (with.get("age_threshold_us").asLong() <= RESEQ_START_US && lost == 0) {
            assertThat(with.get("resequencer_timeouts").asLong()).as("no timeout within the threshold").isZero();
            assertThat(with.get("in_order_delivery").asBoolean()).as("in order in\n%s", with).isTrue();
        } else {
            assertThat(with.get("out_of_order_deliveries").asLong()).as("late only after a skip in\n%s", with)
                    .isLessThanOrEqualTo(with.get("skipped_sequence_numbers").asLong());
        }
        assertThat(without.get("reordered_arrivals").asLong()).isPositive();
        assertThat(without.get("in_order_delivery").asBoolean()).isFalse();
    }

    @Test
    @Order(4)
    void tcModeHoldsAnUnmodifiedIperf3TcpFlow() throws Exception {
        Process server = new ProcessBuilder("ip", "netns", "exec", "wah4", "iperf3", "-s", "-1", "-p", "5299")
                .redirectErrorStream(true).redirectOutput(OUT.resolve("iperf3-server.log").toFile()).start();
        try {
            setRate("h1", "h4", 50, "sd");
            await("h1's agent to put 50 Mbit/s into its tc class", () -> sh("ip netns exec wah1 tc class show dev "
                    + "eth0").contains("rate 50Mbit"), 20);
            Files.writeString(OUT.resolve("tc-classes.txt"), sh("ip netns exec wah1 tc class show dev eth0"));
            String out = sh("ip netns exec wah1 iperf3 -c 10.77.0.4 -p 5299 -t 5 -J");
            JsonNode report = json.readTree(out);
            double goodput = report.path("end").path("sum_received").path("bits_per_second").asDouble();
            // IP packet = MSS + 32 (TCP header with timestamps) + 20 (IPv4): the IP-level rate HTB enforces
            int mss = report.path("start").path("tcp_mss_default").asInt(1448);
            double ipMbps = goodput * (mss + 52.0) / mss / 1e6;
            String line = "tc iperf3 h1->h4 at 50 Mbit/s: goodput " + goodput / 1e6 + ", IP-level " + ipMbps
                    + " (MSS " + mss + ")";
            Files.writeString(OUT.resolve("results.txt"), line + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            System.out.println("AgentLabTest " + line);
            assertThat(ipMbps).isBetween(50 * 0.95, 50 * 1.05);
        } finally {
            server.destroy();
        }
    }

    @Test
    @Order(5)
    void aRestartedAgentEndsInTheSameRates() throws Exception {
        setRate("h4", "h3", 20, "sd");
        agentOf[4].destroy();
        assertThat(agentOf[4].waitFor(10, TimeUnit.SECONDS)).isTrue();
        await("h4 to drop out", () -> !registry.connectedHosts().contains("h4"), 20);
        startAgent(4);
        await("h4 to come back", () -> registry.connectedHosts().contains("h4"), 60);
        await("h4 to report 20 Mbit/s to h3", () -> registry.lastReport("h4").stream()
                .anyMatch(v -> v.dst().equals("h3") && v.bitsPerSecond() == 20_000_000L), 20);
        long drops = pathDrops();
        JsonNode r = result(perf(4, 3, 3), "restarted h4->h3");
        lostOnlyOnThePath(r.get("lost_packets").asLong(), drops, r);
        assertThat(sentWhileScheduled(r)).as("sent at 20 Mbit/s in\n%s", r).isBetween(20 * 0.95, 20 * 1.05);
    }
}
