package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.ssl.ClientAuth;
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.controller.testing.TestCerts;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsFiles;

/** HTTPS and mutual TLS on the REST server, with the JDK's own HTTP client as the other side. */
class RestTlsTest {
    private static final String TOKEN = "tls-test-token-0123456789";

    @Test
    @DisplayName("over HTTPS a client certificate signed by the REST CA authenticates a write; without one the "
            + "bearer token does, and neither is 401")
    void mutualTls(@TempDir Path dir) throws Exception {
        TestCerts certs = TestCerts.make(dir);
        RestRouter router = new RestRouter().add(new RestEndpoint("PUT", "/w",
                r -> RestResponse.json(200, "by " + r.principal())));
        try (RestServer s = new RestServer(new InetSocketAddress("127.0.0.1", 0), TlsContexts.server(
                TlsFiles.server("--rest-tls", certs.serverCert, certs.serverKey, certs.caCert), ClientAuth.OPTIONAL),
                RestAuth.of(TOKEN, true, false), HttpLimits.defaults(), router)) {
            URI uri = URI.create("https://localhost:" + s.port() + "/w");
            HttpResponse<String> byCert = client(certs, true).send(HttpRequest.newBuilder(uri)
                    .PUT(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(byCert.statusCode()).isEqualTo(200);
            assertThat(byCert.body()).contains("by CN=weft-operator");
            HttpClient anonymous = client(certs, false);
            assertThat(anonymous.send(HttpRequest.newBuilder(uri).PUT(HttpRequest.BodyPublishers.ofString("x"))
                    .build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
            assertThat(anonymous.send(HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + TOKEN)
                    .PUT(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString())
                    .body()).contains("by token");
        }
    }

    private static HttpClient client(TestCerts certs, boolean withCertificate) throws Exception {
        CertificateFactory cf = CertificateFactory.getInstance("X.509");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = new FileInputStream(certs.caCert.toFile())) {
            trust.setCertificateEntry("ca", cf.generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyManagerFactory kmf = null;
        if (withCertificate) {
            Path p12 = certs.clientCert.resolveSibling("client.p12");
            TestCerts.openssl(p12.getParent(), "pkcs12", "-export", "-in", certs.clientCert.toString(), "-inkey",
                    certs.clientKey.toString(), "-out", p12.toString(), "-passout", "pass:test");
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = new FileInputStream(p12.toFile())) {
                keys.load(in, "test".toCharArray());
            }
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, "test".toCharArray());
        }
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(ssl).version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }
}
