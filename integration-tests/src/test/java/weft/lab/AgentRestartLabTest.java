package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.lab.LabScripts.await;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import weft.controller.cli.ControllerCommand;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;
import weft.model.topology.Host;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;

/**
 * "Killing and restarting the controller or the agent loses no accepted application data and ends in the same rates",
 * with real processes: agents in three namespaces on a userspace OVS bridge, the controller
 * ({@code weft controller run --agents-listen}, the bridge's OpenFlow controller and the agents' registry) as its own
 * process, and a reliable stream ({@code weft agent stream}) from h1 to h2. During each transfer one process is killed
 * with {@code kill -9} by PID and started again: the sending agent, the receiving agent, the controller. Each time the
 * receiving application must get all messages exactly once, in order and intact, and afterwards h1 -> h2 must still run
 * at the controller's rate.
 *
 * <p>Fabric (names start with {@code wd}, deleted by name afterwards): bridge {@code wdb1}, hosts {@code wdh1..wdh3}
 * (10.78.0.1-3) on ports 1-3 with explicit L2 entries, internal port {@code wdctl} (10.78.0.254) for the controller.
 * Results: {@code target/lab/AgentRestartLabTest/results.txt}.
 */
@Tag("lab")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AgentRestartLabTest {
    private static final String TOKEN = "durable-token-4b9e1f7a3c";
    private static final int CTL_PORT = 6793;
    private static final int OF_PORT = 6794;
    private static final double MBPS = 10;
    private static final int MESSAGES = 2500; // 2000 B each: about 4.3 s at 10 Mbit/s (IP level)
    private static final Path OUT = Path.of("target", "lab", "AgentRestartLabTest");
    private final ObjectMapper json = new ObjectMapper();
    private final List<Process> started = new ArrayList<>();
    private final Process[] agentOf = new Process[4];
    private Process controller;
    private int controllerRuns;
    private String classpath;

    private static void teardownFabric() {
        quiet("ovs-vsctl --if-exists del-br wdb1");
        for (int i = 1; i <= 3; i++) {
            quiet("ip netns del wdh" + i);
            quiet("ip link del wd" + i + "p");
        }
    }

    @BeforeAll
    void setUp() throws Exception {
        Files.createDirectories(OUT);
        Files.deleteIfExists(OUT.resolve("results.txt"));
        teardownFabric();
        sh("ovs-vsctl add-br wdb1 -- set bridge wdb1 datapath_type=netdev protocols=OpenFlow13 fail_mode=secure "
                + "other-config:datapath-id=0000000000007d01 other-config:disable-in-band=true");
        // see AgentLabTest: ovs-vswitchd's per-port receive sockets get a 4 MiB buffer, restored right after
        String rmemDefault = sh("sysctl -n net.core.rmem_default").trim();
        sh("sysctl -qw net.core.rmem_default=" + (4 << 20));
        try {
            for (int i = 1; i <= 3; i++) {
                sh("ip netns add wdh" + i);
                sh("ip link add wd" + i + "p type veth peer name eth0 netns wdh" + i + " && ip link set wd" + i
                        + "p up");
                sh("ip netns exec wdh" + i + " sh -c 'ip link set lo up; ip link set eth0 address 02:00:00:00:7d:0"
                        + i + "; ip addr add 10.78.0." + i + "/24 dev eth0; ip link set eth0 up; ethtool -K eth0 "
                        + "tx off'");
                sh("ovs-vsctl add-port wdb1 wd" + i + "p -- set interface wd" + i + "p ofport_request=" + i);
            }
            sh("ovs-vsctl add-port wdb1 wdctl -- set interface wdctl type=internal ofport_request=20 "
                    + "mac=\\\"02:00:00:00:7d:fe\\\"");
        } finally {
            sh("sysctl -qw net.core.rmem_default=" + rmemDefault);
        }
        sh("ip addr add 10.78.0.254/24 dev wdctl && ip link set wdctl up");
        // connecting a controller flushes the bridge's flow table, so before the test's own (foreign) entries
        sh("ovs-vsctl set-controller wdb1 tcp:127.0.0.1:" + OF_PORT);
        String of = "ovs-ofctl -O OpenFlow13 add-flow wdb1 ";
        for (int i = 1; i <= 3; i++) {
            sh(of + "priority=100,dl_dst=02:00:00:00:7d:0" + i + ",actions=output:" + i);
        }
        sh(of + "priority=100,dl_dst=02:00:00:00:7d:fe,actions=output:20");
        sh(of + "priority=90,dl_dst=ff:ff:ff:ff:ff:ff,actions=output:1,output:2,output:3,output:20");
        classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        startController();
        for (int i = 1; i <= 3; i++) {
            startAgent(i);
        }
        for (int i = 1; i <= 3; i++) {
            int host = i;
            await("h" + i + " to register", () -> log("agent-h" + host + "-1.log").contains("registered as h" + host),
                    60);
        }
        setRate("h1", "h2", MBPS);
    }

    @AfterAll
    void tearDown() throws Exception {
        for (Process p : started) {
            p.destroy();
        }
        for (Process p : started) {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        quiet("ovs-ofctl -O OpenFlow13 dump-ports wdb1 > " + OUT.resolve("wdb1-ports.txt"));
        quiet("ip addr del 10.78.0.254/24 dev wdctl");
        teardownFabric();
    }

    private Process start(List<String> cmd, String log) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(OUT.resolve(log).toFile())
                .start();
        started.add(p);
        return p;
    }

    /**
     * Starts {@code weft controller run} on the bridge's topology with the embedded agent registry; the bridge is
     * its OpenFlow switch, so a killed controller leaves a programmed switch behind, as in a real fabric.
     */
    private void startController() throws Exception {
        controllerRuns++;
        List<Host> hosts = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            hosts.add(new Host("h" + i, "02:00:00:00:7d:0" + i, "10.78.0." + i, "s1", i, 1.0));
        }
        Path topo = OUT.resolve("topology.json");
        Files.writeString(topo, TopologyJson.write(new Topology("wd", List.of(new Switch("s1", 0x7d01L, 20)), hosts,
                List.of())), StandardCharsets.UTF_8);
        controller = start(List.of("java", "-Xmx192m", "-cp", classpath, ControllerCommand.class.getName(), "run",
                "--topo", topo.toString(), "--engine", "updown", "--listen", "127.0.0.1:" + OF_PORT,
                "--agents-listen", "0.0.0.0:" + CTL_PORT, "--agent-token-file", tokenFile()),
                "controller-" + controllerRuns + ".log");
        int run = controllerRuns;
        await("the controller's agent registry to listen", () -> log("controller-" + run + ".log")
                .contains("agent registry listening"), 60);
    }

    private final int[] agentRuns = new int[4];

    private void startAgent(int i) throws IOException {
        agentRuns[i]++;
        agentOf[i] = start(List.of("ip", "netns", "exec", "wdh" + i, "java", "-Xmx192m", "-cp", classpath,
                "weft.agent.cli.AgentCommand", "run", "--host", "h" + i, "--ip", "10.78.0." + i, "--controller",
                "10.78.0.254:" + CTL_PORT, "--token-file", tokenFile()), "agent-h" + i + "-" + agentRuns[i] + ".log");
    }

    /** The token in a file of mode 600 (tokens never go on a command line). */
    private static String tokenFile() throws IOException {
        Path f = OUT.resolve("agent-token");
        Files.writeString(f, TOKEN, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(f, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        return f.toAbsolutePath().toString();
    }

    private String log(String name) throws IOException {
        Path p = OUT.resolve(name);
        return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
    }

    private static void setRate(String src, String dst, double mbps) throws Exception {
        ControlCodec codec = new ControlCodec();
        try (Socket s = new Socket("127.0.0.1", CTL_PORT)) {
            Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            w.write(codec.encode(new ControlMessage.SetRate(src, dst, (long) (mbps * 1e6), "sd", TOKEN)) + "\n");
            w.flush();
            String reply = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(codec.decode(reply)).as(reply).isInstanceOf(ControlMessage.Ok.class);
        }
        Thread.sleep(300);
    }

    /** kill -9 by PID: no shutdown hook, no flush, the process's memory (VOQs, resequencer) is gone. */
    private static void kill9(Process p) throws Exception {
        sh("kill -9 " + p.pid());
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("process " + p.pid() + " died").isTrue();
    }

    private JsonNode result(Process p, String what) throws Exception {
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(what + " finished").isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Files.writeString(OUT.resolve("results.txt"), what + ": " + out + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        System.out.println("AgentRestartLabTest " + what + ": " + out);
        String last = out.substring(out.lastIndexOf('\n') + 1);
        assertThat(last).as(what).startsWith("{");
        return json.readTree(last);
    }

    private Process app(int host, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", "wdh" + host, "java", "-Xmx128m", "-cp",
                classpath, "weft.agent.cli.AgentCommand", "stream"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        started.add(p);
        return p;
    }

    private interface Disruption {
        void during() throws Exception;
    }

    /** A stream of {@link #MESSAGES} messages h1 -> h2 with {@code disruption} one second into the transfer. */
    private void streamSurvives(String what, Disruption disruption) throws Exception {
        Process rx = app(2, "--receive", "--messages", String.valueOf(MESSAGES), "--timeout", "60");
        BufferedReader rxOut = new BufferedReader(new InputStreamReader(rx.getInputStream(), StandardCharsets.UTF_8));
        assertThat(rxOut.readLine()).isEqualTo("receiving");
        Process tx = app(1, "--to", "10.78.0.2", "--messages", String.valueOf(MESSAGES), "--bytes", "2000",
                "--timeout", "90");
        String sent;
        String received;
        try {
            BufferedReader txOut = new BufferedReader(new InputStreamReader(tx.getInputStream(),
                    StandardCharsets.UTF_8));
            assertThat(txOut.readLine()).startsWith("stream ");
            Thread.sleep(1000);
            disruption.during();
            assertThat(tx.waitFor(120, TimeUnit.SECONDS)).as(what + ": sender finished").isTrue();
            sent = txOut.lines().reduce("", (a, b) -> b);
            assertThat(rx.waitFor(120, TimeUnit.SECONDS)).as(what + ": receiver finished").isTrue();
            received = rxOut.lines().reduce("", (a, b) -> b);
        } finally {
            // a stream left running would feed the next transfer's receiver
            tx.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            rx.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String line = what + ": sender " + sent + " receiver " + received;
        Files.writeString(OUT.resolve("results.txt"), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        System.out.println("AgentRestartLabTest " + line);
        JsonNode s = json.readTree(sent);
        JsonNode r = json.readTree(received);
        assertThat(s.get("ok").asBoolean()).as(what + ": every message acknowledged\n" + line).isTrue();
        assertThat(r.get("received").asInt()).as(what + ": all messages\n" + line).isEqualTo(MESSAGES);
        assertThat(r.get("out_of_order").asInt()).as(what + ": in order").isZero();
        assertThat(r.get("bad_content").asInt()).as(what + ": intact").isZero();
        assertThat(r.get("extra_after_last").asInt()).as(what + ": nothing twice").isZero();
        assertThat(r.get("ok").asBoolean()).isTrue();
    }

    /**
     * After a disruption: h1's VOQ to h2 is at the controller's rate again ({@code rate_mbps}, exact), and
     * {@code weft agent perf} delivers it within 5 % plus the time the sender's thread was not scheduled at all
     * ({@code sender_stall_lost_ms}, lateness beyond the injector's 20 ms catch-up; non-zero only on a loaded host).
     */
    private void rateIsStill(String what) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "exec", "wdh1", "java", "-Xmx128m", "-cp", classpath,
                "weft.agent.cli.AgentCommand", "perf", "--to", "10.78.0.2", "--seconds", "3", "--json")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        started.add(p);
        JsonNode r = result(p, what + ": rate h1->h2");
        assertThat(r.get("rate_mbps").asDouble()).as(what + ": the same rate").isEqualTo(MBPS);
        double stalled = r.get("sender_stall_lost_ms").asDouble() / 1000 / r.get("seconds").asDouble();
        assertThat(r.get("delivered_mbps").asDouble()).as(what + ": delivered at %s Mbit/s", MBPS)
                .isBetween(MBPS * (0.95 - stalled), MBPS * 1.05);
    }

    @Test
    @Order(1)
    void theSendingAgentKilledMidTransferLosesNothing() throws Exception {
        streamSurvives("kill -9 sending agent h1", () -> {
            kill9(agentOf[1]);
            startAgent(1); // it registers again and the registry pushes h1's rates
        });
        rateIsStill("after the h1 restart");
    }

    @Test
    @Order(2)
    void theReceivingAgentKilledMidTransferLosesNothing() throws Exception {
        streamSurvives("kill -9 receiving agent h2", () -> {
            kill9(agentOf[2]);
            startAgent(2);
        });
        rateIsStill("after the h2 restart");
    }

    @Test
    @Order(3)
    void theControllerKilledMidTransferLosesNothingAndTheRatesEndTheSame() throws Exception {
        streamSurvives("kill -9 controller", () -> {
            kill9(controller);
            Thread.sleep(1000); // the agents run a second on their last rates alone
            startController();
        });
        int run = controllerRuns;
        await("the new controller to adopt h1 -> h2 from h1's report", () -> log("controller-" + run + ".log")
                .contains("adopted rate h1 -> h2 = " + (long) (MBPS * 1e6)), 30);
        rateIsStill("after the controller restart");
    }
}
