package weft.agent.datapath;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.nio.charset.StandardCharsets;

/**
 * The statistics of one path as JSON, built by Jackson from records (field names in snake case, in this order):
 *
 * <pre>
 * receiving agent -> sending agent (shim kind 2, at most one packet):
 *   {"packets":..,"bytes":..,"first_ns":..,"last_ns":..,"first_sent_ns":..,"last_sent_ns":..,
 *    "reordered_arrivals":..,"delivered":..,"out_of_order_deliveries":..,
 *    "delay_us":{"p50":..,"p90":..,"p99":..,"max":..},
 *    "resequencer":{"timeouts":..,"fixed":..,"skipped":..,"age_threshold_us":..}}
 *                                                           ({} answers a request that starts a measurement)
 * sending agent -> application (local 'T' frame):
 *   {"sender":{"sent_packets":..,"sent_bytes":..,"dropped_packets":..,"rate_bps":..,"stall_lost_ns":..},
 *    "receiver":{...as above...}}
 * </pre>
 * The receiver's counters are per sender ({@code first_ns}/{@code last_ns} on the receiver's clock, the
 * {@code _sent_ns} pair the sender timestamps of those arrivals); its resequencer's count every sender, since this
 * sender's measurement began, and {@code age_threshold_us} is its age threshold for this sender now (the largest
 * one-way delay seen, at least the configured start). {@code rate_bps} and {@code stall_lost_ns} are left out when
 * the sender has no VOQ for the destination.
 */
final class PathStats {
    /** One-way delay percentiles in µs (upper edges of 10 µs histogram buckets). */
    record Delay(long p50, long p90, long p99, long max) {
    }

    /**
     * The resequencer's timeouts, the arrivals it put back in order, the sequence numbers its timeouts skipped, and
     * its age threshold for this sender (-1 when it holds no state for it).
     */
    record Resequencer(long timeouts, long fixed, long skipped, long ageThresholdUs) {
    }

    /** What the receiving agent counted for one sender. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Receiver(long packets, long bytes, long firstNs, long lastNs, long firstSentNs, long lastSentNs,
                    long reorderedArrivals, long delivered, long outOfOrderDeliveries, Delay delayUs,
                    Resequencer resequencer) {
    }

    /** What the sending agent counted for one destination; the last two are null without a VOQ. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Sender(long sentPackets, long sentBytes, long droppedPackets, Long rateBps, Long stallLostNs) {
    }

    /** The reply an application gets. */
    record Reply(Sender sender, JsonNode receiver) {
    }

    /** The body answering a request that starts a measurement. */
    static final byte[] STARTED = "{}".getBytes(StandardCharsets.UTF_8);

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    private PathStats() {
    }

    /** The receiving agent's reply body. */
    static byte[] encode(Receiver r) {
        try {
            return JSON.writeValueAsBytes(r);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("statistics: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * The application's reply: {@code sender} and the peer's {@code receiverBody} (checked to be one JSON object).
     *
     * @throws IllegalArgumentException naming the peer when its body is not a JSON object
     */
    static String reply(Sender sender, byte[] receiverBody, String peer) {
        JsonNode receiver;
        try {
            receiver = JSON.readTree(receiverBody);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("statistics reply from " + peer + " is not JSON: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        if (receiver == null || !receiver.isObject()) {
            throw new IllegalArgumentException("statistics reply from " + peer + " is not a JSON object");
        }
        try {
            return JSON.writeValueAsString(new Reply(sender, receiver));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("statistics: " + e.getOriginalMessage(), e);
        }
    }
}
