package weft.controller.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What an endpoint answers: status, content type and body.
 *
 * @param status      HTTP status
 * @param contentType the body's media type
 * @param body        the body
 */
public record RestResponse(int status, String contentType, byte[] body) {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A value written as indented JSON. */
    public static RestResponse json(int status, Object value) {
        try {
            return new RestResponse(status, "application/json", JSON.writeValueAsBytes(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the answer as JSON: " + e.getMessage(), e);
        }
    }

    /** {@code {"error": message}} with the status. */
    public static RestResponse error(int status, String message) {
        return json(status, Map.of("error", message));
    }

    /** A text body (JSON already written, Prometheus text, YAML, HTML). */
    public static RestResponse text(int status, String contentType, String text) {
        return new RestResponse(status, contentType, text.getBytes(StandardCharsets.UTF_8));
    }
}
