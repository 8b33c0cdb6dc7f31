package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import weft.agent.control.ControlTls;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsFiles;
import weft.model.protocol.ControlLineCodec;
import weft.model.protocol.ControlMessage;

/**
 * The agent channel over mutual TLS on loopback, with certificates from a test CA made by openssl: the controller's
 * listener (built by the controller's TLS builder with {@code --agent-tls-ca}) takes an agent that presents a
 * certificate the CA signed, refuses one that presents none, and the agent refuses a controller whose certificate
 * does not name the address it connects to.
 */
class AgentLinkTlsTest {
    private static final String TOKEN = "7d2f9b4e1a6c3e8f5b0d";
    @TempDir
    static Path dir;
    private static File ca;
    private final EventLoopGroup group = new NioEventLoopGroup(1);
    private AgentLinkServer server;

    private static void openssl(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("openssl"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("openssl %s: %s", String.join(" ", args), out).isZero();
    }

    /** A key and a certificate signed by the test CA, with {@code san} (e.g. IP:127.0.0.1). */
    private static void signed(String name, String san) throws Exception {
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", name + ".key", "-out", name + ".csr", "-subj",
                "/CN=" + name);
        java.nio.file.Files.writeString(dir.resolve(name + ".ext"), "subjectAltName=" + san + "\n");
        openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", name + ".pem", "-days", "1", "-extfile", name + ".ext");
    }

    @BeforeAll
    static void certificates() throws Exception {
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "1",
                "-subj", "/CN=weft test CA");
        signed("controller", "IP:127.0.0.1");
        signed("elsewhere", "DNS:elsewhere.example");
        signed("agent", "DNS:h1");
        ca = dir.resolve("ca.pem").toFile();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private void serve(String certName) throws Exception {
        SslContext tls = TlsContexts.server(TlsFiles.server("--agent-tls", dir.resolve(certName + ".pem"),
                dir.resolve(certName + ".key"), ca.toPath()), ClientAuth.REQUIRE);
        server = new AgentLinkServer(new InetSocketAddress("127.0.0.1", 0), TOKEN, tls, PathProvider.NONE, null,
                r -> { }).start();
    }

    /** An agent session: TLS to 127.0.0.1, one register line; returns what the controller answered, if anything. */
    /** An agent's client context trusting the CA and presenting the certificate the CA signed for it. */
    private SslContext agentWithCertificate() {
        return ControlTls.client(ca, dir.resolve("agent.pem").toFile(), dir.resolve("agent.key").toFile());
    }

    private String register(SslContext client) throws Exception {
        return register(client, "h1", "10.0.0.1");
    }

    private String register(SslContext client, String host, String ip) throws Exception {
        StringBuilder got = new StringBuilder();
        Channel ch = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        c.pipeline().addLast(client.newHandler(c.alloc(), "127.0.0.1", server.port()),
                                new ChannelInboundHandlerAdapter() {
                                    @Override
                                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                        ByteBuf b = (ByteBuf) msg;
                                        synchronized (got) {
                                            got.append(b.toString(StandardCharsets.UTF_8));
                                        }
                                        b.release();
                                    }
                                });
                    }
                }).connect("127.0.0.1", server.port()).sync().channel();
        SslHandler ssl = ch.pipeline().get(SslHandler.class);
        ssl.handshakeFuture().await(20, TimeUnit.SECONDS);
        if (!ssl.handshakeFuture().isSuccess()) {
            ch.close().sync();
            return "handshake failed: " + ssl.handshakeFuture().cause();
        }
        ch.writeAndFlush(Unpooled.wrappedBuffer(new ControlLineCodec().encode(new ControlMessage.Register(host,
                ip, null, 7470, null, TOKEN)))).await(20, TimeUnit.SECONDS);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (ch.isActive() && !got.toString().contains("\n") && System.nanoTime() - end < 0) {
            Thread.sleep(20);
        }
        ch.close().sync();
        synchronized (got) {
            return got.toString();
        }
    }

    @Test
    @Timeout(60)
    @DisplayName("Mutual TLS: an agent with a certificate the CA signed registers; one without is refused")
    void mutualTls() throws Exception {
        serve("controller");
        SslContext withCert = agentWithCertificate();
        assertThat(register(withCert)).contains("\"type\":\"registered\"");
        assertThat(register(ControlTls.client(ca, null, null))).doesNotContain("registered");
        assertThat(server.connectedHosts()).isEmpty();

        assertThat(register(withCert, "h2", "10.0.0.2")).contains("\"type\":\"registered\"");
        Path token = dir.resolve("token");
        java.nio.file.Files.writeString(token, TOKEN);
        java.nio.file.Files.setPosixFilePermissions(token,
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        String[] set = {"--controller", "127.0.0.1:" + server.port(), "--token-file", token.toString(), "--src", "h1",
            "--dst", "h2", "--mbps", "5", "--tls-ca", ca.toString()};
        java.io.StringWriter err = new java.io.StringWriter();
        assertThat(new picocli.CommandLine(new weft.controller.cli.RatesSetCommand())
                .setErr(new java.io.PrintWriter(err, true)).execute(set)).as("weft rates set without a certificate")
                .isNotZero();
        String[] withKey = java.util.stream.Stream.concat(java.util.Arrays.stream(set), java.util.stream.Stream.of(
                "--tls-cert", dir.resolve("agent.pem").toString(), "--tls-key", dir.resolve("agent.key").toString()))
                .toArray(String[]::new);
        assertThat(new picocli.CommandLine(new weft.controller.cli.RatesSetCommand())
                .setErr(new java.io.PrintWriter(err, true)).execute(withKey)).as("weft rates set over mutual TLS: %s",
                err).isZero(); // the registry answered ok: stored for h1, which is not connected now
    }

    @Test
    @Timeout(60)
    @DisplayName("The agent checks the controller's certificate against the address it connects to")
    void hostNameVerification() throws Exception {
        serve("elsewhere");
        assertThat(register(agentWithCertificate())).startsWith("handshake failed").contains("127.0.0.1");
    }
}
