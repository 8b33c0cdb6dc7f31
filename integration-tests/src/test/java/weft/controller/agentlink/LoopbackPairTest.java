package weft.controller.agentlink;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import weft.agent.WeftAgent;

/**
 * The fixture of the agent-link tests that run one agent registry and the agents of h1 and h2 on loopback: the
 * agents register with the test's token, and whatever of the three the test started is closed after it.
 */
abstract class LoopbackPairTest {
    protected final LoopbackAgents agents;
    protected AgentLinkServer server;
    protected WeftAgent h1;
    protected WeftAgent h2;

    LoopbackPairTest(String token) throws IOException {
        this.agents = new LoopbackAgents(token);
    }

    @AfterEach
    void closeAgentsAndRegistry() {
        LoopbackAgents.closeAll(h1, h2, server);
    }
}
