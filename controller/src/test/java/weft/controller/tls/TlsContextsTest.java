package weft.controller.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.controller.testing.TestCerts;

/** The one TLS builder, on files made by the real openssl: what it accepts and each refusal's message. */
class TlsContextsTest {
    @TempDir
    static Path dir;
    static TestCerts certs;

    @BeforeAll
    static void make() throws Exception {
        certs = TestCerts.make(dir);
    }

    @Test
    @DisplayName("a certificate with its own key builds a server context, with or without a client CA, and a "
            + "client context that presents a certificate")
    void builds() {
        SslContext plain = TlsContexts.server(TlsFiles.server("--tls", certs.serverCert, certs.serverKey, null),
                ClientAuth.REQUIRE);
        assertThat(plain.isServer()).isTrue();
        SslContext mutual = TlsContexts.server(TlsFiles.server("--tls", certs.serverCert, certs.serverKey,
                certs.caCert), ClientAuth.REQUIRE);
        assertThat(mutual.isServer()).isTrue();
        SslContext client = TlsContexts.client(new TlsFiles("--tls", certs.clientCert, certs.clientKey,
                certs.caCert));
        assertThat(client.isClient()).isTrue();
    }

    @Test
    @DisplayName("operator review: a key that does not match its certificate is refused at start-up, naming both")
    void mismatch() {
        assertThatThrownBy(() -> TlsContexts.server(TlsFiles.server("--tls", certs.serverCert, certs.otherKey,
                null), ClientAuth.NONE)).isInstanceOf(TlsException.class)
                .hasMessage("--tls-key " + certs.otherKey + " does not match the certificate CN=localhost in "
                        + "--tls-cert " + certs.serverCert + " (RSA key, RSA certificate)");
        assertThatThrownBy(() -> TlsContexts.client(new TlsFiles("--agent-tls", certs.clientCert, certs.serverKey,
                certs.caCert))).isInstanceOf(TlsException.class).hasMessageContaining("does not match");
    }

    @Test
    @DisplayName("missing files, a PKCS#1 key, a file without a key or certificate: one line naming option and file")
    void badFiles() throws Exception {
        Path none = dir.resolve("none.pem");
        assertThatThrownBy(() -> TlsContexts.server(TlsFiles.server("--tls", none, certs.serverKey, null),
                ClientAuth.NONE)).hasMessage("--tls-cert " + none + ": cannot read: NoSuchFileException " + none);
        Path pkcs1 = dir.resolve("pkcs1.pem");
        TestCerts.openssl(dir, "genrsa", "-traditional", "-out", pkcs1.toString(), "2048");
        assertThatThrownBy(() -> TlsContexts.server(TlsFiles.server("--tls", certs.serverCert, pkcs1, null),
                ClientAuth.NONE)).hasMessageStartingWith("--tls-key " + pkcs1 + ": RSA PRIVATE KEY is not PKCS#8; "
                + "convert it with: openssl pkcs8 -topk8 -nocrypt -in " + pkcs1);
        assertThatThrownBy(() -> TlsContexts.server(TlsFiles.server("--tls", certs.serverCert, certs.serverCert,
                null), ClientAuth.NONE)).hasMessage("--tls-key " + certs.serverCert
                + ": no private key (expected -----BEGIN PRIVATE KEY-----)");
        Path empty = Files.writeString(dir.resolve("empty.pem"), "");
        assertThatThrownBy(() -> TlsContexts.server(TlsFiles.server("--tls", certs.serverCert, certs.serverKey,
                empty), ClientAuth.REQUIRE)).hasMessageStartingWith("--tls-ca " + empty + ": ");
        assertThatThrownBy(() -> new TlsFiles("--tls", certs.serverCert, null, null))
                .hasMessage("--tls-cert and --tls-key go together, got only --tls-cert " + certs.serverCert);
    }
}
