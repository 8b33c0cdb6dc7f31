package weft.controller.rest;

/**
 * One resource and method of the API.
 *
 * @param method  HTTP method
 * @param path    exact path
 * @param handler computes the answer (on a REST worker thread; it may block up to its own timeout)
 */
public record RestEndpoint(String method, String path, Handler handler) {
    /** Computes an answer. */
    @FunctionalInterface
    public interface Handler {
        RestResponse handle(RestRequest request) throws Exception;
    }

    /** True for methods that change state: they need authentication. */
    public boolean mutates() {
        return mutating(method);
    }

    /** True for every method but GET and HEAD. */
    public static boolean mutating(String method) {
        return !method.equals("GET") && !method.equals("HEAD");
    }
}
