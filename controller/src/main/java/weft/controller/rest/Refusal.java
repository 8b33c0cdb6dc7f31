package weft.controller.rest;

/**
 * A request refused on its headers ({@link AuthGate}): passed down the pipeline in place of the request, so the
 * {@link Dispatcher} answers it in order with the requests before it, then closes the connection.
 *
 * @param method           the refused request's method
 * @param answer           the answer (401, 403, 404, 405 or 429)
 * @param headerOrNull     one extra header name ({@code WWW-Authenticate}, {@code Retry-After}), or null
 * @param headerValue      its value
 */
record Refusal(String method, RestResponse answer, String headerOrNull, String headerValue) {
}
