package weft.controller.rest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The API's endpoints by path and method: an unknown path is 404, a known path with another method is 405
 * naming the methods it takes.
 */
public final class RestRouter {
    private final Map<String, Map<String, RestEndpoint>> byPath = new LinkedHashMap<>();

    /** Adds an endpoint; a path and method may be added once. */
    public RestRouter add(RestEndpoint endpoint) {
        Map<String, RestEndpoint> methods = byPath.computeIfAbsent(endpoint.path(), p -> new LinkedHashMap<>());
        if (methods.putIfAbsent(endpoint.method(), endpoint) != null) {
            throw new IllegalArgumentException(endpoint.method() + " " + endpoint.path() + " added twice");
        }
        return this;
    }

    /** {@link #add} of {@code GET path}. */
    public RestRouter get(String path, RestEndpoint.Handler handler) {
        return add(new RestEndpoint("GET", path, handler));
    }

    /** {@link #add} of a {@code GET path} event stream. */
    public RestRouter stream(String path, RestEndpoint.StreamHandler stream) {
        return add(new RestEndpoint("GET", path, null, stream, false));
    }

    /** {@link #add} of a {@code GET path} asset, served without credentials ({@link RestEndpoint#asset()}). */
    public RestRouter asset(String path, RestEndpoint.Handler handler) {
        return add(new RestEndpoint("GET", path, handler, null, true));
    }

    /** The endpoint of a method and path, or null. */
    RestEndpoint endpoint(String method, String path) {
        Map<String, RestEndpoint> methods = byPath.get(path);
        return methods == null ? null : methods.get(method);
    }

    /** Every endpoint, in the order added. */
    public List<RestEndpoint> endpoints() {
        List<RestEndpoint> out = new ArrayList<>();
        byPath.values().forEach(m -> out.addAll(m.values()));
        return out;
    }

    /** The 404 or 405 answer for a method and path that is no endpoint, or null when it is one. */
    RestResponse refusal(String method, String path) {
        Map<String, RestEndpoint> methods = byPath.get(path);
        if (methods == null) {
            return RestResponse.error(404, "no resource " + path);
        }
        if (!methods.containsKey(method)) {
            return RestResponse.error(405, method + " " + path + ": only "
                    + String.join(" and ", new TreeSet<>(methods.keySet())) + " "
                    + (methods.size() == 1 ? "is" : "are") + " supported");
        }
        return null;
    }

    /** Answers the request with its endpoint, or 404/405. */
    RestResponse handle(RestRequest request) throws Exception {
        RestResponse refusal = refusal(request.method(), request.path());
        return refusal != null ? refusal : byPath.get(request.path()).get(request.method()).handler().handle(request);
    }
}
