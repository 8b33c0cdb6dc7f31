package weft.agent.cli;

import io.netty.handler.ssl.SslContext;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import picocli.CommandLine.Option;
import weft.agent.control.ControlTls;
import weft.agent.control.ControllerAddresses;

/**
 * How {@code weft agent run} reaches the controller's agent registry: the controllers' addresses, the shared token
 * and TLS. Without {@code --controller} the agent runs alone on static rates.
 */
final class ControllerLinkOptions {
    /** The environment variable holding the agent token when no {@code --token-file} is given. */
    static final String TOKEN_ENV = "WEFT_AGENT_TOKEN";

    @Option(names = "--controller", description = "controller agent-link address host:port; with an HA cluster "
            + "every controller's, comma-separated (the agent follows the master)")
    String controller;
    @Option(names = "--token-file", description = "file holding the controller's agent token (default: the "
            + "environment variable " + TOKEN_ENV + "; never on the command line, where ps shows it)")
    File tokenFile;
    @Option(names = "--tls-ca", description = "PEM file of the CA that signed the controller's certificate (enables "
            + "TLS; the certificate must name the --controller host or address)")
    File tlsCa;
    @Option(names = "--tls-cert", description = "PEM certificate of this agent, for a controller that asks for one "
            + "(--agent-tls-ca)")
    File tlsCert;
    @Option(names = "--tls-key", description = "PKCS#8 PEM private key of --tls-cert")
    File tlsKey;

    /** The controllers, or null without {@code --controller}. */
    ControllerAddresses addresses() {
        return controller == null ? null : ControllerAddresses.parse(controller);
    }

    /**
     * The TLS client context, or null for plain TCP (no {@code --tls-ca}).
     *
     * @throws IllegalArgumentException when {@code --tls-cert} comes without {@code --tls-ca}
     */
    SslContext ssl() {
        if (tlsCa == null && tlsCert != null) {
            throw new IllegalArgumentException("--tls-cert needs --tls-ca (the CA of the controller's certificate)");
        }
        return tlsCa == null ? null : ControlTls.client(tlsCa, tlsCert, tlsKey);
    }

    /** The token from {@code --token-file} or {@value #TOKEN_ENV}; null without {@code --controller}. */
    String token() throws IOException {
        if (controller == null) {
            return null;
        }
        if (tokenFile != null) {
            return Files.readString(tokenFile.toPath()).strip();
        }
        String env = System.getenv(TOKEN_ENV);
        if (env == null || env.isBlank()) {
            throw new IllegalArgumentException("--controller needs the agent token: --token-file FILE or the "
                    + "environment variable " + TOKEN_ENV);
        }
        return env.strip();
    }
}
