package weft.controller.cli;

import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.PathProvider;

/** {@code weft agentlink}: runs the agent registry alone (the controller embeds the same server). */
@Command(name = "agentlink", mixinStandardHelpOptions = true,
        description = "Run the agent registry: agents register, rates are pushed, weft rates set talks to it.")
public final class AgentLinkCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "6700", description = "TCP port (default ${DEFAULT-VALUE})")
    int port;
    @Option(names = "--token", defaultValue = "${env:WEFT_TOKEN}", required = true,
            description = "shared token (or $WEFT_TOKEN)")
    String token;
    @Option(names = "--tls-cert", description = "PEM certificate chain (enables TLS, with --tls-key)")
    File tlsCert;
    @Option(names = "--tls-key", description = "PEM PKCS#8 private key")
    File tlsKey;

    @Override
    public Integer call() throws Exception {
        var ssl = tlsCert == null ? null : SslContextBuilder.forServer(tlsCert, tlsKey).build();
        try (AgentLinkServer server = new AgentLinkServer(port, token, ssl, PathProvider.NONE).start()) {
            System.out.println("agent link listening on port " + server.port());
            System.out.flush();
            CountDownLatch stop = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
            stop.await();
        }
        return 0;
    }

    /** Runs this command alone (lab tests start it as a process). */
    public static void main(String[] args) {
        System.exit(new picocli.CommandLine(new AgentLinkCommand()).execute(args));
    }
}
