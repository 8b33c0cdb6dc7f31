package weft.controller.cli;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import java.io.File;
import java.net.InetSocketAddress;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import weft.controller.rest.HttpLimits;
import weft.controller.rest.RestApi;
import weft.controller.rest.RestAuth;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsFiles;

/**
 * The REST options of {@code weft controller run} (a picocli mixin; the command declares the TLS options): where
 * the API listens, its TLS and its credentials. {@link #config} checks them all before anything listens.
 */
final class RestOptions {
    @Option(names = "--rest", description = "serve the REST API, /metrics and the dashboard on HOST:PORT "
            + "(docs/openapi.yaml)")
    String rest;

    @Option(names = "--rest-token-file", description = "file holding the REST bearer token (16+ characters; "
            + "or the environment variable " + RestAuth.TOKEN_ENV + "): state-changing requests need "
            + "Authorization: Bearer TOKEN")
    File restTokenFile;

    /** {@code --rest-tls-cert}, {@code --rest-tls-key}, {@code --rest-tls-ca} (the command declares them). */
    final TlsOptions tls = new TlsOptions("--rest-tls", "PEM certificate chain: serve the REST API over HTTPS",
            "PEM CA bundle: a client certificate it signed authenticates a REST client (mutual TLS, instead of the "
                    + "token)");

    @Option(names = "--rest-auth-reads", description = "require authentication on reads (GET) too")
    boolean restAuthReads;

    /**
     * The REST configuration, or null without {@code --rest}: the address, TLS (checked now: a key that does not
     * match its certificate is refused before anything listens) and credentials.
     *
     * @param spec the command, for warnings on its stderr
     * @throws CliFailure naming the option and the problem
     */
    RestApi.Config config(CommandSpec spec) {
        if (rest == null) {
            if (restTokenFile != null || tls.given() || restAuthReads) {
                throw new CliFailure("--rest-token-file, --rest-tls-cert, --rest-tls-key, --rest-tls-ca and "
                        + "--rest-auth-reads need --rest HOST:PORT", CliFailure.USAGE);
            }
            return null;
        }
        InetSocketAddress address = HostPort.parse("--rest", rest);
        tls.requireCertForCa("client certificates are asked for over TLS");
        SslContext ssl;
        String token;
        try {
            TlsFiles files = tls.serverOrNull();
            ssl = files == null ? null : TlsContexts.server(files, ClientAuth.OPTIONAL);
            token = restTokenFile != null
                    ? RestAuth.readTokenFile("--rest-token-file", restTokenFile.toPath(),
                            w -> spec.commandLine().getErr().println("weft controller: warning: " + w))
                    : System.getenv(RestAuth.TOKEN_ENV);
            if (restTokenFile == null && token != null) {
                RestAuth.requireValidToken(RestAuth.TOKEN_ENV, token.strip());
                token = token.strip();
            }
            if (restAuthReads && token == null && tls.ca() == null) {
                throw new CliFailure("--rest-auth-reads needs credentials: --rest-token-file, "
                        + RestAuth.TOKEN_ENV + " or --rest-tls-ca", CliFailure.USAGE);
            }
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
        return new RestApi.Config(address, ssl, RestAuth.of(token, tls.ca() != null, restAuthReads),
                HttpLimits.defaults());
    }
}
