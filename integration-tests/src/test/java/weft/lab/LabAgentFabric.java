package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.fabric.DeadlockVerification;
import weft.controller.fabric.WeftController;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.RouteCompiler;
import weft.model.rate.RateAllocator;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;

/**
 * What the lab tests whose hosts run Weft agents under an in-process controller share ({@code AgentAllocationLabTest},
 * {@code AgentPathTagLabTest}): the controller with its agent registry, started before the lab, and the agents,
 * started once the fabric is programmed; and the agent token of every lab test ({@link #TOKEN}).
 */
final class LabAgentFabric {
    /** The java of this JVM and the test class path: what the agents and their perf runs are started with. */
    static final String JAVA = ProcessHandle.current().info().command().orElse("java");
    static final String CLASSPATH = System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path"));
    /**
     * The agent token of the lab tests' registries (these and {@link OneBridgeLab}'s); agents read it from a file,
     * never from their command line.
     */
    static final String TOKEN = "weft-lab-agent-token-8d2c6a4f1e9b";

    private LabAgentFabric() {
    }

    /**
     * The controller of a lab with {@code config}, routing its planned topology with {@code engine} and
     * {@code routing}, its agent registry as {@code agents} sets it (every address, the agents' port and token,
     * an allocator or reservations).
     */
    static WeftController controller(LabConfig config, String engine, RoutingOptions routing,
                                     WeftController.Agents agents) {
        return WeftController.start(new WeftController.Config(OvsLab.plannedTopology(config),
                        RoutingEngines.byName(engine), routing, RouteCompiler.Options.defaults(),
                        new DeadlockVerification(false), new InetSocketAddress("127.0.0.1", config.controllerPort()),
                        null, SessionConfig.defaults()), agents);
    }

    /**
     * An agent registry on every address at {@code port} (0: any free one) with {@link #TOKEN}, and an allocator
     * when not null.
     */
    static WeftController.Agents registry(int port, RateAllocator allocatorOrNull) {
        return new WeftController.Agents(new InetSocketAddress("0.0.0.0", port), TOKEN, null, null, allocatorOrNull);
    }

    /**
     * Once the fabric is programmed, starts every host's agent ({@code weft agent run} with {@code options}) towards
     * the controller's registry and waits until the registry has each; returns the registry.
     */
    static AgentLinkServer startAgents(OvsLab lab, WeftController controller, List<String> options)
            throws IOException, InterruptedException {
        assertThat(controller.fabric().awaitConverged(Duration.ofSeconds(60)))
                .as("fabric programmed; events %s", controller.fabric().events()).isTrue();
        AgentLinkServer registry = controller.agents();
        LabAgents.start(lab, registry.port(), TOKEN, JAVA, CLASSPATH, h -> registry.connectedHosts().contains(h),
                options);
        return registry;
    }
}
