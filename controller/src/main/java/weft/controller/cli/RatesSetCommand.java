package weft.controller.cli;

import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsFiles;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.ProtocolException;

/**
 * {@code weft rates set --src h1 --dst h2 --mbps 50} (or {@code --clear}): talks to the agent registry of a running
 * controller ({@code weft controller run --agents-listen}) with the shared token, read from {@code --token-file} or
 * {@value AgentTokenSource#ENV}.
 */
@Command(name = "set", mixinStandardHelpOptions = true,
        description = "Set (or with --clear forget) the hand-set rate of src -> dst at a running controller.",
        modelTransformer = TlsOptions.Declare.class)
public final class RatesSetCommand extends CliCommand implements TlsOptions.Endpoints {
    @Option(names = "--src", required = true, description = "source host id")
    String src;
    @Option(names = "--dst", required = true, description = "destination host id")
    String dst;
    @CommandLine.ArgGroup(exclusive = true, multiplicity = "1")
    What what;
    @Option(names = "--policy", description = "path policy (ecmp, vlb, rr, prr, srr, sd, psd, tp, ptp, mp, pmp)")
    String policy;
    @Option(names = "--controller", defaultValue = "127.0.0.1:6700",
            description = "agent-link address (default ${DEFAULT-VALUE})")
    String controller;
    @Option(names = "--token-file", description = "file holding the agent token (default: the environment "
            + "variable " + AgentTokenSource.ENV + "; never on the command line, where ps shows it)")
    File tokenFile;
    /** {@code --tls-ca}, {@code --tls-cert}, {@code --tls-key}: TLS towards the registry. */
    final TlsOptions tls = new TlsOptions("--tls", "PEM certificate to present to a registry that asks for one "
            + "(--agent-tls-ca)", "PEM CA of the registry's certificate: talk TLS (the certificate must name the "
            + "--controller host or address)");
    /** The environment the token may come from (tests set their own). */
    Map<String, String> env = System.getenv();

    /** Exactly one of a rate and --clear. */
    static final class What {
        @Option(names = "--mbps", required = true, description = "the rate in Mbit/s (>= 0)")
        Double mbps;
        @Option(names = "--clear", required = true, description = "forget the hand-set rate: the pair goes back to "
                + "its allocated rate (controller run --allocate) or to none")
        boolean clear;
    }

    /**
     * A plain socket, or with {@code --tls-ca} a TLS socket from the controller's TLS builder that checks the
     * registry's certificate against the {@code --controller} host and presents {@code --tls-cert}.
     */
    private Socket socket() {
        TlsFiles files = tls.clientOrNull();
        if (files == null) {
            return new Socket();
        }
        SslContext ctx = TlsContexts.client(files);
        if (!(ctx instanceof JdkSslContext jdk)) {
            throw new IllegalStateException("--tls-ca: the TLS builder gave a non-JDK context " + ctx);
        }
        try {
            SSLSocket s = (SSLSocket) jdk.context().getSocketFactory().createSocket();
            SSLParameters p = s.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            s.setSSLParameters(p);
            return s;
        } catch (IOException e) {
            throw new IllegalStateException("--tls-ca: cannot make a TLS socket: " + e.getMessage(), e);
        }
    }

    @Override
    public List<TlsOptions> tlsEndpoints() {
        return List.of(tls);
    }

    @Override
    protected int run() {
        String token = AgentTokenSource.read("--token-file", tokenFile, env, spec().commandLine().getErr());
        if (what.mbps != null && !(what.mbps >= 0)) {
            throw new CliFailure("--mbps must be >= 0, got " + what.mbps, CliFailure.USAGE);
        }
        InetSocketAddress at = HostPort.parse("--controller", controller);
        ControlCodec codec = new ControlCodec();
        Socket plainOrTls;
        try {
            plainOrTls = socket();
        } catch (RuntimeException e) {
            throw new CliFailure(e.getMessage(), CliFailure.USAGE);
        }
        try (Socket s = plainOrTls) {
            s.connect(at, 5_000);
            s.setSoTimeout(10_000);
            if (s instanceof SSLSocket secure) {
                secure.startHandshake();
            }
            Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            long bps = what.clear ? 0 : Math.round(what.mbps * 1e6);
            w.write(codec.encode(new ControlMessage.SetRate(src, dst, bps, policy, token, what.clear)) + "\n");
            w.flush();
            String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            if (line == null) {
                throw new CliFailure("controller at " + controller + " closed the connection without an answer",
                        CliFailure.INPUT);
            }
            ControlMessage reply = codec.decode(line);
            if (reply instanceof ControlMessage.Ok ok) {
                System.out.println(ok.detail());
                return 0;
            }
            throw new CliFailure(reply instanceof ControlMessage.Error e ? e.message() : line, CliFailure.INPUT);
        } catch (IOException e) {
            throw new CliFailure("cannot reach the controller's agent registry at " + controller + ": "
                    + e.getMessage(), CliFailure.INPUT);
        } catch (ProtocolException e) {
            throw new CliFailure("controller at " + controller + " answered something else than a control line: "
                    + e.getMessage(), CliFailure.INPUT);
        }
    }
}
