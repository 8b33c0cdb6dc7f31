package weft.controller.agentlink;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import weft.agent.WeftAgent;

/**
 * The fixture of the agent-link tests that run one agent registry and the agents of h1 and h2 on loopback: the
 * agents register with the test's token, and whatever of the three the test started is closed after it.
 */
abstract class LoopbackPairTest {
    private final String token;
    protected final LoopbackAgents agents;
    protected AgentLinkServer server;
    protected WeftAgent h1;
    protected WeftAgent h2;

    LoopbackPairTest(String token) throws IOException {
        this.token = token;
        this.agents = new LoopbackAgents(token);
    }

    /**
     * Starts a plaintext registry on a free port and the agents of h1 at {@code h1Ip} and h2 at {@code h2Ip}, and
     * waits until both registered.
     *
     * @return the registry's port
     */
    protected int startRegistryAndPair(String h1Ip, String h2Ip) throws Exception {
        server = new AgentLinkServer(0, token, null, PathProvider.NONE).start();
        int port = server.port();
        h1 = agents.start("h1", h1Ip, port);
        h2 = agents.start("h2", h2Ip, port);
        LoopbackAgents.awaitRegistered(server, "h1", "h2");
        return port;
    }

    @AfterEach
    void closeAgentsAndRegistry() {
        LoopbackAgents.closeAll(h1, h2, server);
    }
}
