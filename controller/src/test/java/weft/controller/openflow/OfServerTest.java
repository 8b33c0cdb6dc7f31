package weft.controller.openflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.Channel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.projectfloodlight.openflow.protocol.OFFactory;
import weft.controller.testing.TestCerts;
import weft.controller.testing.TestLoop;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsFiles;
import weft.controller.testing.FakeSwitch;

/** The real server over loopback, plain and TLS, against a minimal fake switch written with the same codec. */
class OfServerTest {
    private static final OFFactory F = SwitchSession.F;
    @RegisterExtension
    final TestLoop group = new TestLoop();

    private Channel connect(int port, SslContext ssl) {
        return new FakeSwitch(0x5745460042L, 0).connect(group, port, ssl).channel();
    }

    private static final class Ready implements SwitchListener {
        final CompletableFuture<SwitchSession> ready = new CompletableFuture<>();

        @Override
        public void switchReady(SwitchSession session) {
            ready.complete(session);
        }

        @Override
        public void switchDisconnected(SwitchSession session) {
        }
    }

    private static void handshakeAndTransaction(Ready listener) throws Exception {
        SwitchSession s = listener.ready.get(10, TimeUnit.SECONDS);
        assertThat(s.dpidHex()).isEqualTo("0000005745460042");
        TransactionResult r = s.transaction(List.of(F.buildFlowAdd().setPriority(1).build()))
                .get(10, TimeUnit.SECONDS);
        assertThat(r.ok()).isTrue();
        assertThat(r.messages()).isEqualTo(1);
    }

    @Test
    @DisplayName("plain TCP: a switch connects, finishes the handshake and confirms a transaction")
    void plain() throws Exception {
        Ready listener = new Ready();
        try (OfServer server = OfServer.plain(new InetSocketAddress("127.0.0.1", 0), SessionConfig.defaults(),
                listener)) {
            Channel ch = connect(server.port(), null);
            handshakeAndTransaction(listener);
            ch.close().syncUninterruptibly();
        }
    }

    @Test
    @DisplayName("TLS with a self-signed certificate made by openssl: same handshake and transaction")
    void tls(@TempDir Path dir) throws Exception {
        TestCerts.SelfSigned pem = TestCerts.selfSigned(dir, "localhost");
        Ready listener = new Ready();
        try (OfServer server = OfServer.tls(new InetSocketAddress("127.0.0.1", 0), pem.cert(), pem.key(),
                SessionConfig.defaults(), listener)) {
            Channel ch = connect(server.port(), SslContextBuilder.forClient().trustManager(pem.cert()).build());
            handshakeAndTransaction(listener);
            ch.close().syncUninterruptibly();
        }
    }

    @Test
    @DisplayName("a missing certificate file is reported with both paths")
    void badTls(@TempDir Path dir) {
        File none = dir.resolve("none.pem").toFile();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> OfServer.tls(new InetSocketAddress("127.0.0.1", 0),
                none, none, SessionConfig.defaults(), new Ready())).isInstanceOf(OpenFlowException.class)
                .hasMessageContaining("none.pem");
    }

    @Test
    @DisplayName("operator review: a TLS key that does not match the certificate is refused at start-up")
    void mismatchedKey(@TempDir Path dir) throws Exception {
        TestCerts certs = TestCerts.make(dir);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> OfServer.tls(new InetSocketAddress("127.0.0.1", 0),
                certs.serverCert.toFile(), certs.otherKey.toFile(), SessionConfig.defaults(), new Ready()))
                .isInstanceOf(OpenFlowException.class).hasMessageContaining("does not match the certificate");
    }

    @Test
    @DisplayName("operator review: with --tls-ca a switch must present a certificate the CA signed: one that does "
            + "completes the handshake, one without a certificate never reaches the session")
    void switchCertificates(@TempDir Path dir) throws Exception {
        TestCerts certs = TestCerts.make(dir);
        Ready listener = new Ready();
        try (OfServer server = OfServer.tls(new InetSocketAddress("127.0.0.1", 0), TlsFiles.server("--tls",
                certs.serverCert, certs.serverKey, certs.caCert), SessionConfig.defaults(), listener)) {
            Channel anonymous = connect(server.port(), TlsContexts.client(new TlsFiles("--tls", null, null,
                    certs.caCert)));
            anonymous.closeFuture().await(10, TimeUnit.SECONDS);
            assertThat(anonymous.isActive()).as("connection without a switch certificate closed").isFalse();
            assertThat(listener.ready).isNotDone();
            Channel ch = connect(server.port(), TlsContexts.client(new TlsFiles("--tls", certs.clientCert,
                    certs.clientKey, certs.caCert)));
            handshakeAndTransaction(listener);
            ch.close().syncUninterruptibly();
        }
    }
}
