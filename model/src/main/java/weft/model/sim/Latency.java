package weft.model.sim;

/**
 * Packet latency statistics in nanoseconds over the measured packets (NaN when none was delivered).
 *
 * @param packets packets measured
 * @param mean    mean
 * @param p50     median (within 0.8%)
 * @param p99     99th percentile (within 0.8%)
 * @param max     largest
 */
public record Latency(long packets, double mean, double p50, double p99, double max) {
}
