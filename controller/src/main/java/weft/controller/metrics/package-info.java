/**
 * Prometheus metrics of the controller through Micrometer ({@link weft.controller.metrics.WeftMetrics}): switch
 * sessions, OpenFlow transactions (messages, barriers, latency), route computation and verification, update
 * phases, link, flow and meter counters, per-pair and per-VOQ rates, agents, events by kind, the REST server and
 * the JVM. Served at {@code GET /metrics}; every metric is listed in {@code docs/operations.md}.
 */
package weft.controller.metrics;
