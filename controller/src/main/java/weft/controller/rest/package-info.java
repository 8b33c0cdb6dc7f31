/**
 * A small read-only REST API over the fabric service (JDK {@code com.sun.net.httpserver}, Jackson): topology
 * and discovery differences, routes (as a {@code weft-routes/1} document), switches, link counters and events.
 */
package weft.controller.rest;
