package weft.agent.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.agent.datapath.AgentClient;
import weft.agent.datapath.ShimHeader;

/**
 * {@code weft agent perf}: an iperf-like run through the local agent to the agent at {@code --to}. It resets the
 * receiver's counters, writes data through the local API for {@code --seconds} as fast as the agent accepts it
 * (the agent's VOQ back-pressures the socket, so the agent's shaping sets the rate), lets the VOQ drain, and asks the
 * receiving agent for what arrived. Rates are IP-level (what the agents charge the token bucket for).
 */
@Command(name = "perf", mixinStandardHelpOptions = true,
        description = "Measure delivered rate, loss, reordering and delay through the agents.")
public final class AgentPerfCommand implements Callable<Integer> {
    @Option(names = "--to", required = true, split = ",", description = "IPv4 address of the receiving host's "
            + "agent; several (comma-separated) run at once, one flow each, one result per line in this order")
    List<String> to;
    @Option(names = "--seconds", defaultValue = "5", description = "how long to send (default ${DEFAULT-VALUE})")
    double seconds;
    @Mixin
    ReportOutput output = new ReportOutput();
    @Mixin
    LocalApiOption local = new LocalApiOption();
    @Option(names = "--frame-bytes", defaultValue = "14440",
            description = "bytes per local API send frame (default ${DEFAULT-VALUE})")
    int frameBytes;

    @Override
    public Integer call() throws Exception {
        List<CompletableFuture<Map<String, Object>>> flows = new ArrayList<>();
        for (String host : to) {
            int dst = ShimHeader.idOf(InetAddress.getByName(host));
            CompletableFuture<Map<String, Object>> f = new CompletableFuture<>();
            Thread t = new Thread(() -> f.complete(run(local.port, dst, seconds, frameBytes)), "perf-" + host);
            t.start();
            flows.add(f);
        }
        int status = 0;
        for (int i = 0; i < flows.size(); i++) {
            Map<String, Object> result = flows.get(i).get();
            if (!output.json) {
                System.out.println("to " + to.get(i));
            }
            output.print(result, "  ", 24);
            status |= result.containsKey("error") ? 1 : 0;
        }
        return status;
    }

    /** Runs one measurement against the local agent; returns the report keys in a fixed order. */
    public static Map<String, Object> run(int localPort, int dst, double seconds, int frameBytes) {
        try (AgentClient client = new AgentClient(localPort)) {
            InetAddress to = InetAddress.getByAddress(new byte[] {(byte) (dst >>> 24), (byte) (dst >>> 16),
                (byte) (dst >>> 8), (byte) dst});
            ObjectMapper mapper = new ObjectMapper();
            client.stats(to, true);
            byte[] data = new byte[frameBytes];
            long end = System.nanoTime() + (long) (seconds * 1e9);
            long frames = 0;
            while (System.nanoTime() - end < 0) {
                client.send(to, data, 0, data.length);
                frames++;
            }
            client.flush();
            return summarise(mapper.readTree(client.stats(to, false)), frames * frameBytes);
        } catch (IOException e) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("error", e.getMessage());
            return r;
        }
    }

    static Map<String, Object> summarise(JsonNode stats, long appBytes) {
        JsonNode snd = stats.get("sender");
        JsonNode rcv = stats.get("receiver");
        long packets = rcv.get("packets").asLong();
        long bytes = rcv.get("bytes").asLong();
        double span = (rcv.get("last_ns").asLong() - rcv.get("first_ns").asLong()) / 1e9;
        double sentSpan = (rcv.path("last_sent_ns").asLong() - rcv.path("first_sent_ns").asLong()) / 1e9;
        double delivered = mbps(packets, bytes, span);
        long rate = snd.path("rate_bps").asLong();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("delivered_mbps", round(delivered));
        // the same packets over the span of their send timestamps, which the receiving host's scheduling does not
        // change; and what the sending agent put on the wire over that span, which losses on the way do not change
        r.put("shaped_mbps", round(mbps(packets, bytes, sentSpan)));
        r.put("sent_mbps", round(mbps(snd.get("sent_packets").asLong(), snd.path("sent_bytes").asLong(), sentSpan)));
        r.put("rate_mbps", round(rate / 1e6));
        r.put("error_pct", rate > 0 ? round(100 * (delivered * 1e6 - rate) / rate) : null);
        r.put("sent_packets", snd.get("sent_packets").asLong());
        r.put("received_packets", packets);
        r.put("lost_packets", Math.max(0, snd.get("sent_packets").asLong() - packets));
        r.put("reordered_arrivals", rcv.get("reordered_arrivals").asLong());
        // the receiving agent's resequencer over all its senders, since this measurement began
        r.put("reordering_fixed", rcv.path("resequencer").path("fixed").asLong());
        r.put("resequencer_timeouts", rcv.path("resequencer").path("timeouts").asLong());
        r.put("skipped_sequence_numbers", rcv.path("resequencer").path("skipped").asLong());
        // the largest one-way delay the resequencer saw from this sender (its age threshold), at least the start
        r.put("age_threshold_us", rcv.path("resequencer").path("age_threshold_us").asLong(-1));
        long ooo = rcv.get("out_of_order_deliveries").asLong();
        r.put("out_of_order_deliveries", ooo);
        r.put("in_order_delivery", ooo == 0 && rcv.get("delivered").asLong() == packets);
        r.put("delay_us", rcv.get("delay_us"));
        // sender stalls longer than the injector's catch-up window: time whose rate could not be made up
        r.put("sender_stall_lost_ms", round(snd.path("stall_lost_ns").asLong() / 1e6));
        r.put("app_bytes_sent", appBytes);
        r.put("seconds", round(span));
        return r;
    }

    /** Mbit/s of {@code packets} carrying {@code bytes} over {@code span}: n packets span n-1 gaps. */
    private static double mbps(long packets, long bytes, double span) {
        return packets > 1 && span > 0 ? bytes * (packets - 1.0) / packets * 8 / span / 1e6 : 0;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
