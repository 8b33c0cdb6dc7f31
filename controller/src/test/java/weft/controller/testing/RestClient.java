package weft.controller.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The REST tests' client: plain HTTP/1.1 to the controller's REST API on {@code 127.0.0.1:port}, with the bearer
 * token when one is given, bodies as strings.
 */
public final class RestClient {
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final int port;
    private final String token;

    /** @param token the bearer token sent with every request, or null for none */
    public RestClient(int port, String token) {
        this.port = port;
        this.token = token;
    }

    /** A client without a token. */
    public RestClient(int port) {
        this(port, null);
    }

    /** {@code method path} with {@code body} (null: none); the response with its body as a string. */
    public HttpResponse<String> send(String method, String path, String body) throws IOException,
            InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** {@code GET path}. */
    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send("GET", path, null);
    }

    /** The body of {@code GET path}. */
    public String body(String path) throws IOException, InterruptedException {
        return get(path).body();
    }
}
