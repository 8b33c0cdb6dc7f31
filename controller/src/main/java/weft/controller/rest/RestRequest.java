package weft.controller.rest;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One complete HTTP request as the endpoints see it, after the limits and authentication passed.
 *
 * @param method    HTTP method
 * @param path      the path, without the query
 * @param query     decoded query parameters (the first value of each)
 * @param body      the body (at most the server's body limit)
 * @param peer      the client's address, for logs
 * @param principal who authenticated: {@code token}, the subject of a client certificate, or null for none
 */
public record RestRequest(String method, String path, Map<String, String> query, byte[] body, String peer,
                          String principal) {
    public RestRequest {
        query = Map.copyOf(query);
    }

    /** The body as UTF-8 text. */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
