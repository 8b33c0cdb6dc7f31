package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import weft.controller.testing.Await;
import weft.controller.testing.RestClient;

/**
 * The REST server's bounds and authentication over real loopback sockets, with a small router: each test is a
 * finding of the operator's review (one byte blocks the API, unfinished bodies, no body limit, no
 * authentication) or a limit that replaces it.
 */
class RestServerTest {
    private static final String TOKEN = "0123456789abcdef-test-token";
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final AtomicInteger puts = new AtomicInteger();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private RestRouter router() {
        return new RestRouter().get("/ping", r -> RestResponse.json(200, "pong " + r.principal()))
                .add(new RestEndpoint("PUT", "/echo", r -> {
                    puts.incrementAndGet();
                    return RestResponse.text(200, "text/plain", r.text());
                }));
    }

    private RestServer server(RestAuth auth, HttpLimits limits, RestRouter router) {
        RestServer s = new RestServer(new InetSocketAddress("127.0.0.1", 0), null, auth, limits, router);
        open.add(s);
        return s;
    }

    private static HttpLimits fast() {
        return HttpLimits.defaults().withTimeouts(Duration.ofMillis(500), Duration.ofSeconds(30));
    }

    private static HttpResponse<String> call(int port, String method, String path, String body, String token)
            throws Exception {
        return new RestClient(port, token).send(method, path, body);
    }

    private Socket raw(int port, String sent) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        open.add(s);
        s.setSoTimeout((int) WAIT.toMillis());
        s.getOutputStream().write(sent.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
        return s;
    }

    /** Everything the server sends until it closes the connection. */
    private static String readToClose(Socket s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InputStream in = s.getInputStream();
        byte[] buf = new byte[4096];
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
            }
        } catch (SocketException e) {
            // reset after the answer: what arrived is the answer
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    @DisplayName("a client that sends one byte and waits blocks nothing: others are answered, it gets 408")
    void oneByteBlocksNothing() throws Exception {
        RestServer s = server(RestAuth.none(), fast(), router());
        Socket slow = raw(s.port(), "G");
        HttpResponse<String> r = call(s.port(), "GET", "/ping", null, null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("pong");
        assertThat(readToClose(slow)).startsWith("HTTP/1.1 408").contains("request not complete within 500 ms");
    }

    @Test
    @DisplayName("an unfinished PUT body blocks nothing and is answered 408; its endpoint never runs")
    void unfinishedBody() throws Exception {
        RestServer s = server(RestAuth.of(TOKEN, false, false), fast(), router());
        Socket slow = raw(s.port(), "PUT /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TOKEN
                + "\r\nContent-Length: 100\r\n\r\n0123456789");
        assertThat(call(s.port(), "GET", "/ping", null, null).statusCode()).isEqualTo(200);
        assertThat(call(s.port(), "PUT", "/echo", "hello", TOKEN).body()).isEqualTo("hello");
        assertThat(readToClose(slow)).startsWith("HTTP/1.1 408");
        assertThat(puts).hasValue(1);
    }

    @Test
    @DisplayName("a body over the limit is 413 before it is sent (50 MB announced) or once it passes the limit")
    void bodyLimit() throws Exception {
        RestServer s = server(RestAuth.of(TOKEN, false, false), fast().withMaxBodyBytes(1024), router());
        Socket big = raw(s.port(), "PUT /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TOKEN
                + "\r\nContent-Length: 52428800\r\n\r\n");
        assertThat(readToClose(big)).startsWith("HTTP/1.1 413").contains("connection: close")
                .contains("request body over the limit of 1024 bytes");
        assertThat(call(s.port(), "PUT", "/echo", "x".repeat(2048), TOKEN).statusCode()).isEqualTo(413);
        assertThat(call(s.port(), "PUT", "/echo", "x".repeat(1024), TOKEN).statusCode()).isEqualTo(200);
        assertThat(puts).hasValue(1);
    }

    @Test
    @DisplayName("without credentials configured, reads are open and writes 403 naming the options")
    void noCredentialsNoWrites() throws Exception {
        RestServer s = server(RestAuth.none(), fast(), router());
        assertThat(call(s.port(), "GET", "/ping", null, null).statusCode()).isEqualTo(200);
        HttpResponse<String> put = call(s.port(), "PUT", "/echo", "x", TOKEN);
        assertThat(put.statusCode()).isEqualTo(403);
        assertThat(put.body()).contains("--rest-token-file").contains(RestAuth.TOKEN_ENV);
        assertThat(puts).hasValue(0);
    }

    @Test
    @DisplayName("writes need the bearer token: none or a wrong one is 401, logged with the peer address; reads "
            + "stay open unless reads need authentication")
    void bearerToken() throws Exception {
        ListAppender<ILoggingEvent> log = capture(AuthGate.class);
        RestServer s = server(RestAuth.of(TOKEN, false, false), fast(), router());
        HttpResponse<String> none = call(s.port(), "PUT", "/echo", "x", null);
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"weft\"");
        assertThat(call(s.port(), "PUT", "/echo", "x", TOKEN + "x").statusCode()).isEqualTo(401);
        HttpResponse<String> ok = call(s.port(), "PUT", "/echo", "applied", TOKEN);
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(ok.body()).isEqualTo("applied");
        assertThat(call(s.port(), "GET", "/ping", null, null).body()).contains("pong null");
        assertThat(puts).hasValue(1);
        assertThat(log.list).extracting(ILoggingEvent::getFormattedMessage)
                .anySatisfy(m -> assertThat(m).contains("PUT /echo from 127.0.0.1 refused: no credentials"))
                .anySatisfy(m -> assertThat(m).contains("PUT /echo from 127.0.0.1 refused: wrong bearer token"));

        RestServer reads = server(RestAuth.of(TOKEN, false, true), fast(), router()
                .asset("/page", r -> RestResponse.text(200, "text/html", "<p>no data</p>")));
        assertThat(call(reads.port(), "GET", "/ping", null, null).statusCode()).isEqualTo(401);
        assertThat(call(reads.port(), "GET", "/ping", null, TOKEN).body()).contains("pong token");
        assertThat(call(reads.port(), "GET", "/page", null, null).statusCode()).as("an asset needs no token")
                .isEqualTo(200);
    }

    @Test
    @DisplayName("failed authentications are rate limited per address: after 5, even the right token gets 429 "
            + "with Retry-After, and one log line says so")
    void rateLimited() throws Exception {
        ListAppender<ILoggingEvent> log = capture(AuthGate.class);
        RestServer s = server(RestAuth.of(TOKEN, false, false), fast(), router());
        for (int i = 0; i < 5; i++) {
            assertThat(call(s.port(), "PUT", "/echo", "x", "guess-number-" + i + "-of-many").statusCode())
                    .isEqualTo(401);
        }
        HttpResponse<String> blocked = call(s.port(), "PUT", "/echo", "x", TOKEN);
        assertThat(blocked.statusCode()).isEqualTo(429);
        assertThat(blocked.headers().firstValue("Retry-After")).isPresent();
        assertThat(call(s.port(), "PUT", "/echo", "x", "another-guess-xxxxxxxx").statusCode()).isEqualTo(429);
        assertThat(puts).hasValue(0);
        assertThat(log.list).extracting(ILoggingEvent::getFormattedMessage)
                .filteredOn(m -> m.contains("too many failed authentications from 127.0.0.1")).hasSize(1);
    }

    @Test
    @DisplayName("unknown paths are 404 and other methods 405 naming the allowed ones, before any body is read")
    void unknownAndWrongMethod() throws Exception {
        RestServer s = server(RestAuth.none(), fast(), router());
        assertThat(call(s.port(), "GET", "/nope", null, null).statusCode()).isEqualTo(404);
        HttpResponse<String> post = call(s.port(), "POST", "/ping", "x", null);
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.body()).contains("POST /ping: only GET is supported");
    }

    @Test
    @DisplayName("requests beyond the worker pool and its queue are 503, the others are answered")
    void busy() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        RestRouter router = new RestRouter().get("/slow", r -> {
            started.countDown();
            release.await(30, TimeUnit.SECONDS);
            return RestResponse.json(200, "done");
        });
        RestServer s = server(RestAuth.none(), new HttpLimits(1024, Duration.ofSeconds(5), Duration.ofSeconds(30),
                16, 1, 1), router);
        CompletableFuture<HttpResponse<String>> first = http.sendAsync(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + s.port() + "/slow")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        List<CompletableFuture<String>> more = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Socket c = raw(s.port(), "GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            more.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return readToClose(c);
                } catch (IOException e) {
                    return e.toString();
                }
            }));
        }
        Await.until("three more requests done", () -> more.stream().filter(CompletableFuture::isDone).count() == 3);
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        List<String> answers = more.stream().map(CompletableFuture::join).toList();
        assertThat(answers).filteredOn(a -> a.startsWith("HTTP/1.1 503") && a.contains("busy")).hasSize(3);
        assertThat(answers).filteredOn(a -> a.startsWith("HTTP/1.1 200")).hasSize(1);
    }

    @Test
    @DisplayName("connections beyond the limit are closed on accept; the open ones still work")
    void connectionLimit() throws Exception {
        RestServer s = server(RestAuth.none(), new HttpLimits(1024, Duration.ofSeconds(5), Duration.ofSeconds(30),
                2, 1, 4), router());
        Socket a = raw(s.port(), "");
        Socket b = raw(s.port(), "");
        Await.until("two open connections", () -> s.openConnections() == 2);
        Socket c = raw(s.port(), "");
        assertThat(c.getInputStream().read()).isEqualTo(-1);
        OutputStream out = a.getOutputStream();
        out.write("GET /ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(readToClose(a)).startsWith("HTTP/1.1 200");
        b.close();
    }

    @Test
    @DisplayName("two pipelined requests in one write are answered in order on the same connection")
    void pipelined() throws Exception {
        RestServer s = server(RestAuth.none(), fast(), router());
        Socket c = raw(s.port(), "GET /ping HTTP/1.1\r\nHost: x\r\n\r\nGET /nowhere-at-all HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n");
        String both = readToClose(c);
        assertThat(both).startsWith("HTTP/1.1 200").contains("pong");
        assertThat(both.indexOf("HTTP/1.1 404")).isGreaterThan(both.indexOf("pong"));
    }

    @Test
    @DisplayName("a port in use is an error naming the address")
    void portInUse() throws Exception {
        RestServer s = server(RestAuth.none(), fast(), router());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new RestServer(
                new InetSocketAddress("127.0.0.1", s.port()), null, RestAuth.none(), fast(), router()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot listen on 127.0.0.1:" + s.port());
    }

    private static ListAppender<ILoggingEvent> capture(Class<?> type) {
        ListAppender<ILoggingEvent> a = new ListAppender<>();
        a.start();
        ((Logger) LoggerFactory.getLogger(type)).addAppender(a);
        return a;
    }

}
