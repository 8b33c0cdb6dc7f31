package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.lab.LabScripts.await;
import static weft.lab.LabScripts.quiet;

import java.io.IOException;
import java.util.List;
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
    private static final int CTL_PORT = 6793;
    private static final int OF_PORT = 6794;
    private static final double MBPS = 10;
    private static final int MESSAGES = 2500; // 2000 B each: about 4.3 s at 10 Mbit/s (IP level)
    private final OneBridgeLab lab = new OneBridgeLab("AgentRestartLabTest", "wd", 78, "7d");
    private final Process[] agentOf = new Process[4];
    private final int[] agentRuns = new int[4];
    private Process controller;
    private int controllerRuns;
    /** The controller's REST port, the same across its restarts. */
    private int restPort;

    @BeforeAll
    void setUp() throws Exception {
        restPort = LabHarness.freePort();
        lab.up("tcp:127.0.0.1:" + OF_PORT);
        startController();
        for (int i = 1; i <= 3; i++) {
            startAgent(i);
        }
        for (int i = 1; i <= 3; i++) {
            int host = i;
            await("h" + i + " to register", () -> lab.log("agent-h" + host + "-1.log")
                    .contains("registered as h" + host), 60);
        }
        setRate("h1", "h2", MBPS);
    }

    @AfterAll
    void tearDown() throws Exception {
        quiet("ovs-ofctl -O OpenFlow13 dump-ports " + lab.bridge() + " > " + lab.out.resolve("wdb1-ports.txt"));
        lab.down();
    }

    /**
     * Starts {@code weft controller run} on the bridge's topology with the embedded agent registry; the bridge is
     * its OpenFlow switch, so a killed controller leaves a programmed switch behind, as in a real fabric.
     */
    private void startController() throws Exception {
        controllerRuns++;
        controller = lab.start(List.of("java", "-Xmx192m", "-cp", lab.classpath, ControllerCommand.class.getName(),
                "run", "--topo", lab.topologyFile().toString(), "--engine", "updown", "--listen", "127.0.0.1:"
                        + OF_PORT, "--agents-listen", "0.0.0.0:" + CTL_PORT, "--agent-token-file",
                lab.tokenFile(), "--rest", "127.0.0.1:" + restPort), "controller-" + controllerRuns + ".log");
        int run = controllerRuns;
        await("the controller's agent registry to listen", () -> lab.log("controller-" + run + ".log")
                .contains("agent registry listening"), 60);
    }

    private void startAgent(int i) throws IOException {
        agentRuns[i]++;
        agentOf[i] = lab.start(List.of("ip", "netns", "exec", lab.namespace(i), "java", "-Xmx192m", "-cp",
                lab.classpath, "weft.agent.cli.AgentCommand", "run", "--host", "h" + i, "--ip", lab.ip(i),
                "--controller", lab.controlIp() + ":" + CTL_PORT, "--token-file", lab.tokenFile()),
                "agent-h" + i + "-" + agentRuns[i] + ".log");
    }

    /** Sets a rate on the controller and waits until the source's agent reports its VOQ at it. */
    private void setRate(String src, String dst, double mbps) throws Exception {
        String reply = OneBridgeLab.setRate(CTL_PORT, src, dst, mbps);
        assertThat(new ControlCodec().decode(reply)).as(reply).isInstanceOf(ControlMessage.Ok.class);
        await(src + "'s agent to report " + mbps + " Mbit/s to " + dst, () -> OneBridgeLab.reportedRate(restPort,
                src, dst) == (long) (mbps * 1e6), 30);
    }

    private interface Disruption {
        void during() throws Exception;
    }

    /** A stream of {@link #MESSAGES} messages h1 -> h2 with {@code disruption} one second into the transfer. */
    private void streamSurvives(String what, Disruption disruption) throws Exception {
        OneBridgeLab.Stream stream = lab.new Stream(MESSAGES);
        Thread.sleep(1000); // one second into the stream, mid-transfer
        disruption.during();
        assertThat(stream.delivered(what).get("ok").asBoolean()).isTrue();
    }

    /** After a disruption: h1's VOQ to h2 is at the controller's rate again and delivers it. */
    private void rateIsStill(String what) throws Exception {
        lab.rateIs(what + ": rate h1->h2", MBPS);
    }

    @Test
    @Order(1)
    void theSendingAgentKilledMidTransferLosesNothing() throws Exception {
        streamSurvives("kill -9 sending agent h1", () -> {
            OneBridgeLab.kill9(agentOf[1]);
            startAgent(1); // it registers again and the registry pushes h1's rates
        });
        rateIsStill("after the h1 restart");
    }

    @Test
    @Order(2)
    void theReceivingAgentKilledMidTransferLosesNothing() throws Exception {
        streamSurvives("kill -9 receiving agent h2", () -> {
            OneBridgeLab.kill9(agentOf[2]);
            startAgent(2);
        });
        rateIsStill("after the h2 restart");
    }

    @Test
    @Order(3)
    void theControllerKilledMidTransferLosesNothingAndTheRatesEndTheSame() throws Exception {
        streamSurvives("kill -9 controller", () -> {
            OneBridgeLab.kill9(controller);
            Thread.sleep(1000); // the agents run a second on their last rates alone
            startController();
        });
        int run = controllerRuns;
        await("the new controller to adopt h1 -> h2 from h1's report", () -> lab.log("controller-" + run + ".log")
                .contains("adopted rate h1 -> h2 = " + (long) (MBPS * 1e6)), 30);
        rateIsStill("after the controller restart");
    }
}
