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
 * The REST options of {@code weft controller run} (a picocli mixin): where the API listens, its TLS and its
 * credentials. {@link #config} checks them all before anything listens.
 */
final class RestOptions {
    @Option(names = "--rest", description = "serve the REST API, /metrics and the dashboard on HOST:PORT "
            + "(docs/openapi.yaml)")
    String rest;

    @Option(names = "--rest-token-file", description = "file holding the REST bearer token (16+ characters; "
            + "or the environment variable " + RestAuth.TOKEN_ENV + "): state-changing requests need "
            + "Authorization: Bearer TOKEN")
    File restTokenFile;

    @Option(names = "--rest-tls-cert", description = "PEM certificate chain: serve the REST API over HTTPS")
    File restTlsCert;

    @Option(names = "--rest-tls-key", description = "PKCS#8 PEM private key for --rest-tls-cert")
    File restTlsKey;

    @Option(names = "--rest-tls-ca", description = "PEM CA bundle: a client certificate it signed "
            + "authenticates a REST client (mutual TLS, instead of the token)")
    File restTlsCa;

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
            if (restTokenFile != null || restTlsCert != null || restTlsKey != null || restTlsCa != null
                    || restAuthReads) {
                throw new CliFailure("--rest-token-file, --rest-tls-cert, --rest-tls-key, --rest-tls-ca and "
                        + "--rest-auth-reads need --rest HOST:PORT", CliFailure.USAGE);
            }
            return null;
        }
        InetSocketAddress address = HostPort.parse("--rest", rest);
        if (restTlsCa != null && restTlsCert == null) {
            throw new CliFailure("--rest-tls-ca needs --rest-tls-cert and --rest-tls-key (client certificates "
                    + "are asked for over TLS)", CliFailure.USAGE);
        }
        SslContext ssl;
        String token;
        try {
            ssl = restTlsCert == null && restTlsKey == null ? null : TlsContexts.server(
                    TlsFiles.server("--rest-tls", restTlsCert, restTlsKey, restTlsCa), ClientAuth.OPTIONAL);
            token = restTokenFile != null
                    ? RestAuth.readTokenFile("--rest-token-file", restTokenFile.toPath(),
                            w -> spec.commandLine().getErr().println("weft controller: warning: " + w))
                    : System.getenv(RestAuth.TOKEN_ENV);
            if (restTokenFile == null && token != null) {
                RestAuth.requireValidToken(RestAuth.TOKEN_ENV, token.strip());
                token = token.strip();
            }
            if (restAuthReads && token == null && restTlsCa == null) {
                throw new CliFailure("--rest-auth-reads needs credentials: --rest-token-file, "
                        + RestAuth.TOKEN_ENV + " or --rest-tls-ca", CliFailure.USAGE);
            }
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
        return new RestApi.Config(address, ssl, RestAuth.of(token, restTlsCa != null, restAuthReads),
                HttpLimits.defaults());
    }
}
