package weft.lab;

import java.util.concurrent.CountDownLatch;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.PathProvider;

/**
 * The agent registry alone, as its own process, for lab tests that kill the controller with {@code kill -9}: the
 * same {@link AgentLinkServer} that {@code weft controller run --agents-listen} embeds, without the OpenFlow side.
 * Arguments: port, shared token. Prints {@code agent link listening on port P} when it listens.
 */
public final class RegistryProcess {
    private RegistryProcess() {
    }

    public static void main(String[] args) throws Exception {
        try (AgentLinkServer server = new AgentLinkServer(Integer.parseInt(args[0]), args[1], null,
                PathProvider.NONE).start()) {
            System.out.println("agent link listening on port " + server.port());
            System.out.flush();
            new CountDownLatch(1).await();
        }
    }
}
