package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.lab.LabScripts.quiet;
import static weft.lab.LabScripts.sh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;
import weft.model.topology.Host;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;

/**
 * The hand-built fabric of the lab tests that run Weft as real processes ({@code AgentRestartLabTest},
 * {@code HaLabTest}): one userspace OVS bridge {@code <p>b1} with explicit L2 entries, hosts h1..h3 in namespaces
 * {@code <p>h1..<p>h3} (10.N.0.1-3, MAC 02:00:00:00:XX:0i) on ports 1-3, and an internal port {@code <p>ctl}
 * (10.N.0.254) on port 20 where the controllers' agent registries are reached. Every name starts with the test's
 * prefix and is deleted by name; processes it starts are stopped by PID; logs and results go to
 * {@code target/lab/<test>/}.
 */
final class OneBridgeLab {
    /** How many hosts the bridge has. */
    static final int HOSTS = 3;
    final Path out;
    final String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    private final String prefix;
    private final int net;
    private final String macByte;
    private final long dpid;
    private final String label;
    private final ObjectMapper json = new ObjectMapper();
    private final List<Process> started = new ArrayList<>();

    /**
     * @param test    the test's name: its output folder and the label of its printed results
     * @param prefix  two letters every interface, namespace and bridge name starts with
     * @param net     the second octet of the hosts' 10.N.0.0/24
     * @param macByte the fifth byte of the hosts' MACs and the low half of the dpid (two hex digits)
     */
    OneBridgeLab(String test, String prefix, int net, String macByte) {
        this.out = Path.of("target", "lab", test);
        this.label = test;
        this.prefix = prefix;
        this.net = net;
        this.macByte = macByte;
        this.dpid = Long.parseLong(macByte + "01", 16);
    }

    /** The bridge's name. */
    String bridge() {
        return prefix + "b1";
    }

    /** Host {@code i}'s namespace. */
    String namespace(int i) {
        return prefix + "h" + i;
    }

    /** Host {@code i}'s address. */
    String ip(int i) {
        return "10." + net + ".0." + i;
    }

    /** Host {@code i}'s MAC. */
    String mac(int i) {
        return "02:00:00:00:" + macByte + ":0" + i;
    }

    /** The bridge's datapath id. */
    long dpid() {
        return dpid;
    }

    /** The controllers' address on the bridge (the internal port). */
    String controlIp() {
        return "10." + net + ".0.254";
    }

    /**
     * Builds the bridge, the hosts and the internal port, connects the bridge to {@code controllers} (OVS targets
     * such as {@code tcp:127.0.0.1:6653}) and then installs the L2 entries (connecting a controller flushes the
     * table, so before them).
     */
    void up(String... controllers) throws IOException {
        Files.createDirectories(out);
        Files.deleteIfExists(out.resolve("results.txt"));
        teardown();
        sh("ovs-vsctl add-br " + bridge() + " -- set bridge " + bridge() + " datapath_type=netdev "
                + "protocols=OpenFlow13 fail_mode=secure other-config:datapath-id=" + String.format("%016x", dpid)
                + " other-config:disable-in-band=true");
        // see AgentLabTest: ovs-vswitchd's per-port receive sockets get a 4 MiB buffer, restored right after
        String rmemDefault = sh("sysctl -n net.core.rmem_default").trim();
        sh("sysctl -qw net.core.rmem_default=" + (4 << 20));
        try {
            for (int i = 1; i <= HOSTS; i++) {
                sh("ip netns add " + namespace(i));
                sh("ip link add " + prefix + i + "p type veth peer name eth0 netns " + namespace(i) + " && ip link set "
                        + prefix + i + "p up");
                sh("ip netns exec " + namespace(i) + " sh -c 'ip link set lo up; ip link set eth0 address " + mac(i)
                        + "; ip addr add " + ip(i) + "/24 dev eth0; ip link set eth0 up; ethtool -K eth0 tx off'");
                sh("ovs-vsctl add-port " + bridge() + " " + prefix + i + "p -- set interface " + prefix + i
                        + "p ofport_request=" + i);
            }
            sh("ovs-vsctl add-port " + bridge() + " " + prefix + "ctl -- set interface " + prefix + "ctl "
                    + "type=internal ofport_request=20 mac=\\\"02:00:00:00:" + macByte + ":fe\\\"");
        } finally {
            sh("sysctl -qw net.core.rmem_default=" + rmemDefault);
        }
        sh("ip addr add " + controlIp() + "/24 dev " + prefix + "ctl && ip link set " + prefix + "ctl up");
        sh("ovs-vsctl set-controller " + bridge() + " " + String.join(" ", controllers));
        String of = "ovs-ofctl -O OpenFlow13 add-flow " + bridge() + " ";
        for (int i = 1; i <= HOSTS; i++) {
            sh(of + "priority=100,dl_dst=" + mac(i) + ",actions=output:" + i);
        }
        sh(of + "priority=100,dl_dst=02:00:00:00:" + macByte + ":fe,actions=output:20");
        sh(of + "priority=90,dl_dst=ff:ff:ff:ff:ff:ff,actions=output:1,output:2,output:3,output:20");
    }

    /** Stops every process started here (by PID), then deletes the bridge, the namespaces and the links by name. */
    void down() throws InterruptedException {
        for (Process p : started) {
            p.destroy();
        }
        for (Process p : started) {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        quiet("ip addr del " + controlIp() + "/24 dev " + prefix + "ctl");
        teardown();
    }

    private void teardown() {
        quiet("ovs-vsctl --if-exists del-br " + bridge());
        for (int i = 1; i <= HOSTS; i++) {
            quiet("ip netns del " + namespace(i));
            quiet("ip link del " + prefix + i + "p");
        }
    }

    /** Writes the bridge as a weft-topology/1 file (switch s1, hosts h1..h3) and returns its path. */
    Path topologyFile() throws IOException {
        List<Host> hosts = new ArrayList<>();
        for (int i = 1; i <= HOSTS; i++) {
            hosts.add(new Host("h" + i, mac(i), ip(i), "s1", i, 1.0));
        }
        Path topo = out.resolve("topology.json");
        Files.writeString(topo, TopologyJson.write(new Topology(prefix, List.of(new Switch("s1", dpid, 20)), hosts,
                List.of())), StandardCharsets.UTF_8);
        return topo;
    }

    /**
     * The agent token ({@link LabAgentFabric#TOKEN}) in a file of mode 600 (tokens never go on a command line); its
     * absolute path.
     */
    String tokenFile() throws IOException {
        Path f = out.resolve("agent-token");
        Files.writeString(f, LabAgentFabric.TOKEN, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        return f.toAbsolutePath().toString();
    }

    /** Starts {@code cmd} with its output in {@code log} (in the output folder); {@link #down()} stops it. */
    Process start(List<String> cmd, String log) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.resolve(log).toFile())
                .start();
        started.add(p);
        return p;
    }

    /** The text of a log in the output folder, "" before it exists. */
    String log(String name) throws IOException {
        Path p = out.resolve(name);
        return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
    }

    /** Appends {@code line} to the test's results.txt and prints it. */
    void result(String line) throws IOException {
        System.out.println(label + " " + line);
        Files.writeString(out.resolve("results.txt"), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    /** {@code weft agent <command> args} in host {@code host}'s namespace, its stdout to read. */
    Process agentCommand(int host, String command, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace(host), "java", "-Xmx128m",
                "-cp", classpath, "weft.agent.cli.AgentCommand", command));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        started.add(p);
        return p;
    }

    /** Sends one set-rate to the agent registry on {@code port} (with its token) and returns its reply line. */
    static String setRate(int port, String src, String dst, double mbps) throws IOException {
        ControlCodec codec = new ControlCodec();
        try (Socket s = new Socket("127.0.0.1", port)) {
            Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            w.write(codec.encode(new ControlMessage.SetRate(src, dst, (long) (mbps * 1e6), "sd",
                    LabAgentFabric.TOKEN)) + "\n");
            w.flush();
            return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
        }
    }

    /**
     * The rate {@code src}'s agent last reported for its VOQ to {@code dst}, read from the controller's REST API on
     * {@code restPort} ({@code GET /api/agents}); -1 while there is no such report or no answer.
     */
    static long reportedRate(int restPort, String src, String dst) {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + restPort + "/api/agents")).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.ofString());
            for (JsonNode a : r.statusCode() == 200 ? new ObjectMapper().readTree(r.body()) : List.<JsonNode>of()) {
                for (JsonNode v : a.path("lastReport")) {
                    if (a.path("host").asText().equals(src) && v.path("dst").asText().equals(dst)) {
                        return v.path("bitsPerSecond").asLong(-1);
                    }
                }
            }
        } catch (IOException e) {
            return -1; // the controller not listening yet, or restarting
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return -1;
    }

    /** kill -9 by PID: no shutdown hook, no flush, the process's memory (VOQs, resequencer) is gone. */
    static void kill9(Process p) throws InterruptedException {
        sh("kill -9 " + p.pid());
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("process " + p.pid() + " died").isTrue();
    }

    /** A reliable stream ({@code weft agent stream}) of {@code messages} messages of 2000 B from h1 to h2. */
    final class Stream {
        private final Process rx;
        private final Process tx;
        private final BufferedReader rxOut;
        private final BufferedReader txOut;
        private final int messages;

        /** Starts the receiver, then the sender, and returns once the sender streams. */
        Stream(int messages) throws IOException {
            this.messages = messages;
            rx = agentCommand(2, "stream", "--receive", "--messages", String.valueOf(messages), "--timeout", "60");
            rxOut = new BufferedReader(new InputStreamReader(rx.getInputStream(), StandardCharsets.UTF_8));
            assertThat(rxOut.readLine()).isEqualTo("receiving");
            tx = agentCommand(1, "stream", "--to", ip(2), "--messages", String.valueOf(messages), "--bytes", "2000",
                    "--timeout", "90");
            txOut = new BufferedReader(new InputStreamReader(tx.getInputStream(), StandardCharsets.UTF_8));
            assertThat(txOut.readLine()).startsWith("stream ");
        }

        /**
         * Waits for both ends, records their last lines as {@code what} in the results and asserts every message
         * arrived once, in order and intact; returns the receiver's report. Stops both ends either way (a stream
         * left running would feed the next transfer's receiver).
         */
        JsonNode delivered(String what) throws IOException, InterruptedException {
            String sent;
            String received;
            try {
                assertThat(tx.waitFor(120, TimeUnit.SECONDS)).as(what + ": sender finished").isTrue();
                sent = txOut.lines().reduce("", (a, b) -> b);
                assertThat(rx.waitFor(120, TimeUnit.SECONDS)).as(what + ": receiver finished").isTrue();
                received = rxOut.lines().reduce("", (a, b) -> b);
            } finally {
                tx.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                rx.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String line = what + ": sender " + sent + " receiver " + received;
            result(line);
            JsonNode s = json.readTree(sent);
            JsonNode r = json.readTree(received);
            assertThat(s.get("ok").asBoolean()).as(what + ": every message acknowledged\n" + line).isTrue();
            assertThat(r.get("received").asInt()).as(what + ": all messages\n" + line).isEqualTo(messages);
            assertThat(r.get("out_of_order").asInt()).as(what + ": in order").isZero();
            assertThat(r.get("bad_content").asInt()).as(what + ": intact").isZero();
            assertThat(r.get("extra_after_last").asInt()).as(what + ": nothing twice").isZero();
            return r;
        }
    }

    /**
     * h1's VOQ to h2 is at {@code mbps} (exact), and {@code weft agent perf} delivers it within 5 % plus the time
     * the sender's thread was not scheduled at all ({@code sender_stall_lost_ms}, lateness beyond the injector's
     * 20 ms catch-up; non-zero only on a loaded host).
     */
    void rateIs(String what, double mbps) throws IOException, InterruptedException {
        Process p = agentCommand(1, "perf", "--to", ip(2), "--seconds", "3", "--json");
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(what + " finished").isTrue();
        String perf = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        result(what + ": " + perf);
        String last = perf.substring(perf.lastIndexOf('\n') + 1);
        assertThat(last).as(what).startsWith("{");
        JsonNode r = json.readTree(last);
        assertThat(r.get("rate_mbps").asDouble()).as(what + ": the same rate").isEqualTo(mbps);
        double stalled = r.get("sender_stall_lost_ms").asDouble() / 1000 / r.get("seconds").asDouble();
        assertThat(r.get("delivered_mbps").asDouble()).as(what + ": delivered at %s Mbit/s", mbps)
                .isBetween(mbps * (0.95 - stalled), mbps * 1.05);
    }
}
