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
 * started once the fabric is programmed.
 */
final class LabAgentFabric {
    /** The java of this JVM and the test class path: what the agents and their perf runs are started with. */
    static final String JAVA = ProcessHandle.current().info().command().orElse("java");
    static final String CLASSPATH = System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path"));

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

    /** An agent registry on every address at {@code port} with {@code token}, and an allocator when not null. */
    static WeftController.Agents registry(int port, String token, RateAllocator allocatorOrNull) {
        return new WeftController.Agents(new InetSocketAddress("0.0.0.0", port), token, null, null, allocatorOrNull);
    }

    /**
     * Once the fabric is programmed, starts every host's agent ({@code weft agent run} with {@code options}) and
     * waits until the registry has each; returns the registry.
     */
    static AgentLinkServer startAgents(OvsLab lab, WeftController controller, int agentPort, String token,
                                       List<String> options) throws IOException, InterruptedException {
        assertThat(controller.fabric().awaitConverged(Duration.ofSeconds(60)))
                .as("fabric programmed; events %s", controller.fabric().events()).isTrue();
        AgentLinkServer registry = controller.agents();
        LabAgents.start(lab, agentPort, token, JAVA, CLASSPATH, h -> registry.connectedHosts().contains(h), options);
        return registry;
    }
}
