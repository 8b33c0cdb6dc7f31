package weft.controller.rest;

/**
 * One resource and method of the API: an answer computed by {@code handler}, or (for {@code stream}) a stream of
 * server-sent events that lasts as long as the client stays.
 *
 * @param method  HTTP method
 * @param path    exact path
 * @param handler computes the answer (on a REST worker thread; it may block up to its own timeout); null for a
 *                stream
 * @param stream  opens an event stream (on the connection's event loop; it must not block), or null
 * @param asset   true for a file that holds no fabric data (the dashboard's page, script and style sheet): served
 *                without credentials even when reads need them, so a browser can load the page and then send
 *                the token with its requests for data
 */
public record RestEndpoint(String method, String path, Handler handler, StreamHandler stream, boolean asset) {
    public RestEndpoint {
        if ((handler == null) == (stream == null)) {
            throw new IllegalArgumentException(method + " " + path + ": exactly one of handler and stream");
        }
        if (asset && (mutating(method) || stream != null)) {
            throw new IllegalArgumentException(method + " " + path + ": an asset is a GET answer");
        }
    }

    /** An endpoint with an answer. */
    public RestEndpoint(String method, String path, Handler handler) {
        this(method, path, handler, null, false);
    }

    /** Computes an answer. */
    @FunctionalInterface
    public interface Handler {
        RestResponse handle(RestRequest request) throws Exception;
    }

    /** Starts a stream of server-sent events ({@code text/event-stream}, HTML Living Standard §9.2). */
    @FunctionalInterface
    public interface StreamHandler {
        /**
         * Starts feeding {@code sink}.
         *
         * @return what to run when the client goes away (unsubscribe)
         */
        Runnable open(RestRequest request, EventSink sink);
    }

    /** Where a stream's events go. */
    public interface EventSink {
        /**
         * Sends one event; false when the client is gone or reads too slowly (the stream is then closed).
         *
         * @param id    the event's id (the client's {@code lastEventId})
         * @param event the event type
         * @param data  one line of data (JSON)
         */
        boolean send(String id, String event, String data);
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
