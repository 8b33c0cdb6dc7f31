package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.crp.ReservationService;
import weft.controller.fabric.FabricEvent;
import weft.controller.fabric.WeftController;
import weft.controller.rest.RestApi;
import weft.controller.rest.RestAuth;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * A fabric link carrying reserved traffic fails under CRP (seed 001 in the live form, docs/crp.md §9 "Link
 * failure"). Fabric: a triangle of three switches, s1 with h1 and h2, s2 with the receiver h9, s3 with h3; links
 * s1:3 - s2:3 (the direct one), s1:4 - s3:3 and s3:4 - s2:4, each emulated at 12 Mbit/s by tc HTB (50 Mbit/s to the
 * hosts); Up*&#47;Down* rooted at s3, so h1 and h2 reach h9 over s1:3 and h3 over s3:4. Each sender's agent runs at
 * 3 Mbit/s and writes to h9 as fast as its VOQ takes data ({@code weft agent perf}); every link direction on a
 * path is over-subscribed (the hosts can offer more than 12 Mbit/s), so each keeps a reservation table.
 *
 * <p>Once every sender reserves, the lab's veth of s1:3 is set down ({@code ip link set ... down}, which takes the
 * link down at both switches). Observed through the controller's REST API ({@code /api/reservations},
 * {@code /api/reservations/bookings}, {@code /api/agents}), the registry's bookings and the lab's kernel counters,
 * and asserted: the controller's revocation counter moves and the agents count every revocation it sent; no booking
 * granted after the failure (after the tables heard of it) crosses either direction of the dead link (the bookings
 * are polled every 5 ms; the longest gap between polls is printed); the tables of the dead link go, and h1 and h2
 * hold bookings again, now over s1:4 and s3:4, and send reserved bytes; nothing else is lost: h3's VOQ, whose path
 * never crossed the dead link, counts no revocation and keeps sending reserved bytes, and over 5 s after the reroute
 * the link queues of the new path (tc counters of s1:4, s3:4 and h9's port s2:1) drop at most 1% of their packets
 * and each sender puts in at least 2.4 Mbit/s (80% of its agent's 3 Mbit/s). Then nothing is lost uncounted: the
 * senders stop, the fabric drains, and each sends for another 5 s over the new path with a perf of its own, whose
 * packets the agents count end to end; every packet missing at h9 was dropped where the lab counts drops
 * ({@link CrpLab#countedDrops}: the links' queues, which drop at their head, ovs-vswitchd's sockets, the veths, the
 * hosts). That holds because the lab's link queues drop at their head and ovs-vswitchd's send buffer is 4 MiB
 * (docs/crp.md §9): with tail drops and 208 KiB, the switches lost 24-56% of the rerouted traffic where nothing
 * counts it. Figures in {@code target/lab/CrpLinkFailureLabTest/results.txt}.
 */
@Tag("lab")
class CrpLinkFailureLabTest {
    private static final String NAME = "wcrpf";
    private static final Path DIR = Path.of("target", "lab", "CrpLinkFailureLabTest");
    private static final double SENDER_BPS = 3e6;
    private static final List<String> SENDERS = List.of("h1", "h2", "h3");
    private static final List<String> DEAD = List.of("s1:3", "s2:3");
    private static final Duration WINDOW = Duration.ofSeconds(5);
    /** The queues of the rerouted path to h9: s1's to s3, s3's to s2, s2's to h9. */
    private static final List<String> ON_THE_WAY = List.of("s1:4", "s3:4", "s2:1");
    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static Topology fabric() {
        List<Host> hosts = List.of(
                new Host("h1", "02:00:00:00:5d:01", "10.0.0.1", "s1", 1, 0.05),
                new Host("h2", "02:00:00:00:5d:02", "10.0.0.2", "s1", 2, 0.05),
                new Host("h3", "02:00:00:00:5d:03", "10.0.0.3", "s3", 1, 0.05),
                new Host("h9", "02:00:00:00:5d:09", "10.0.0.9", "s2", 1, 0.05));
        return new Topology("wcrpf", List.of(new Switch("s1", 0x5D01, 4), new Switch("s2", 0x5D02, 4),
                new Switch("s3", 0x5D03, 4)), hosts, List.of(new Link("s1", 3, "s2", 3, 0.012),
                new Link("s1", 4, "s3", 3, 0.012), new Link("s3", 4, "s2", 4, 0.012)));
    }

    @Test
    @DisplayName("A link carrying reserved traffic goes down: its bookings are revoked and the agents told, no "
            + "grant crosses it afterwards, its tables go, the senders reserve again over the other two links, and "
            + "the flow that never crossed it loses no booking; the new path's link queues drop <= 1% of their "
            + "packets")
    void linkFailureRevokesAndReroutes() throws Exception {
        Files.createDirectories(DIR);
        int agentPort = CrpLab.freeUdpAndTcpPort();
        try (ControlledLab session = ControlledLab.up(new LabConfig(NAME, fabric(), LabHarness.freePort(), 1000),
                c -> CrpLab.controller(c, RoutingOptions.defaults().withRoot("s3"), agentPort,
                        LabAgentFabric.TOKEN, true),
                CrpLab::upWithDeepSwitchSockets)) {
            OvsLab lab = session.lab;
            WeftController controller = session.controller;
            RestApi api = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0),
                    RestAuth.none()), controller.fabric(), controller.agents());
            session.atClose(api::close);
            String base = "http://127.0.0.1:" + api.port();
            AgentLinkServer registry = CrpLab.startAgents(lab, controller, agentPort, LabAgentFabric.TOKEN,
                    "h9");
            List<Host> senders = SENDERS.stream().map(lab.topology()::requireHost).toList();
            CrpLab.Perfs perfs = new CrpLab.Perfs(lab, DIR, "f", senders, "10.0.0.9");
            session.atClose(perfs::stop);
            perfs.awaitAllSending();
            LabScripts.await("h1, h2 and h3 reserving (a booking each, reserved bytes sent)", () -> {
                Map<String, List<JsonNode>> b = bookingsBySource(get(base, "/api/reservations/bookings"));
                Map<String, JsonNode> v = voqs(get(base, "/api/agents"));
                return SENDERS.stream().allMatch(h -> b.containsKey(h) && v.containsKey(h)
                        && v.get(h).path("reservedBytes").asLong() > 0);
            }, 60);

            // before: h1 and h2 book the direct link, h3 its own
            JsonNode bookings0 = get(base, "/api/reservations/bookings");
            JsonNode tables0 = get(base, "/api/reservations");
            Map<String, JsonNode> voqs0 = voqs(get(base, "/api/agents"));
            Files.writeString(DIR.resolve("before.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(
                    List.of(tables0, bookings0, voqs0)), StandardCharsets.UTF_8);
            for (JsonNode b : bookings0) {
                List<String> path = resources(b);
                switch (b.get("src").asText()) {
                    case "h1", "h2" -> assertThat(path).as("%s's booking before the failure", b).contains("s1:3")
                            .doesNotContain("s1:4");
                    case "h3" -> assertThat(path).as("h3's booking").contains("s3:4").doesNotContain("s1:3");
                    default -> throw new AssertionError("a booking of a host that does not send: " + b);
                }
            }
            long revoked0 = tables0.get("totals").get("revoked").asLong();

            // the failure; the last booking granted before the tables heard of it is read on the registry's thread
            // right after the port-down task this listener follows, so every later id was granted after the failure
            AtomicLong lastId = new AtomicLong(Long.MAX_VALUE);
            controller.fabric().addPortDownListener((sw, port) -> lastId.compareAndSet(Long.MAX_VALUE,
                    registry.bookings().stream().mapToLong(b -> b.id()).max().orElse(0)));
            Watch watch = new Watch(registry, lastId);
            session.atClose(watch::stop);
            long downAt = System.nanoTime();
            Shell.check("ip", "link", "set", lab.interfaceOf("s1", 3), "down");
            LabScripts.await("the dead link's tables gone, h1 and h2 reserving again over s1:4 and s3:4", () -> {
                JsonNode t = get(base, "/api/reservations");
                Map<String, List<JsonNode>> b = bookingsBySource(get(base, "/api/reservations/bookings"));
                return DEAD.stream().noneMatch(r -> hasTable(t, r)) && List.of("h1", "h2").stream().allMatch(h ->
                        b.getOrDefault(h, List.of()).stream().anyMatch(x -> resources(x).containsAll(
                                List.of("s1:4", "s3:4", "s2:1"))));
            }, 60);
            long reroutedMs = (System.nanoTime() - downAt) / 1_000_000;
            JsonNode tables1 = get(base, "/api/reservations");
            Map<String, JsonNode> voqs1 = voqs(get(base, "/api/agents"));

            // a window after the reroute: what the senders put in, what h9 received, what the VOQs did
            List<Host> receiver = List.of(lab.topology().requireHost("h9"));
            OvsLab built = lab;
            List<String> queues = ON_THE_WAY.stream().map(p -> built.interfaceOf(p.split(":")[0],
                    Integer.parseInt(p.split(":")[1]))).toList();
            List<CrpLab.StallMeter> meters = queues.stream().map(CrpLab.StallMeter::new).toList();
            long softnet0 = softnetDrops();
            CrpLab.SwitchSockets sockets0 = CrpLab.SwitchSockets.read();
            long softirq0 = CrpLab.ksoftirqdMillis();
            long portDrops0 = CrpLab.switchPortDrops(NAME);
            List<JsonNode> q0 = qdiscs(queues);
            long[] in0 = CrpLab.hostPortBytes(lab, senders, true);
            long[] out0 = CrpLab.hostPortBytes(lab, receiver, false);
            long t0 = System.nanoTime();
            Thread.sleep(WINDOW.toMillis()); // the measurement window itself
            long[] in1 = CrpLab.hostPortBytes(lab, senders, true);
            long[] out1 = CrpLab.hostPortBytes(lab, receiver, false);
            List<JsonNode> q1 = qdiscs(queues);
            long softnet = softnetDrops() - softnet0;
            CrpLab.SwitchSockets sockets1 = CrpLab.SwitchSockets.read();
            long softirq = CrpLab.ksoftirqdMillis() - softirq0;
            long portDrops = CrpLab.switchPortDrops(NAME) - portDrops0;
            double seconds = (System.nanoTime() - t0) / 1e9;
            StringBuilder links = new StringBuilder();
            long queued = 0;
            long dropped = 0;
            long carriedPackets = 0;
            for (int i = 0; i < queues.size(); i++) {
                long grew = q1.get(i).path("backlog").asLong() - q0.get(i).path("backlog").asLong();
                long drops = q1.get(i).path("drops").asLong() - q0.get(i).path("drops").asLong();
                queued += grew;
                dropped += drops;
                carriedPackets += q1.get(i).path("packets").asLong() - q0.get(i).path("packets").asLong();
                links.append(String.format(Locale.ROOT, "  %s (%s): carried %.2f Mbit/s, queue grew %d B, %d "
                                + "packets dropped; %s%n", ON_THE_WAY.get(i), queues.get(i),
                        (q1.get(i).path("bytes").asLong() - q0.get(i).path("bytes").asLong()) * 8 / seconds / 1e6,
                        grew, drops, meters.get(i).stop()));
            }
            Map<String, JsonNode> voqs2 = voqs(get(base, "/api/agents"));
            watch.stop();
            JsonNode tables2 = get(base, "/api/reservations");
            Files.writeString(DIR.resolve("after.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(
                    List.of(tables2, get(base, "/api/reservations/bookings"), voqs2)), StandardCharsets.UTF_8);

            long sent = 0;
            double[] bps = new double[SENDERS.size()];
            for (int i = 0; i < bps.length; i++) {
                sent += in1[i] - in0[i];
                bps[i] = (in1[i] - in0[i]) * 8 / seconds;
            }
            long received = out1[0] - out0[0];
            long lost = sent - received - queued;
            String figures = figures(reroutedMs, revoked0, tables1, voqs0, voqs1, voqs2, watch, bps, sent, received,
                    controller.fabric().events()) + String.format(Locale.ROOT, "queues on the way grew %d B; not "
                    + "at h9 %d B (%.2f%%): %d packets dropped by the links' queues, the rest in flight in the "
                    + "switches at the window's ends or lost (the second window below counts packets end to end); "
                    + "the kernel's input backlog dropped %d packets meanwhile%n", queued, lost, 100.0 * lost / sent,
                    dropped, softnet) + links
                    + String.format(Locale.ROOT, "ovs-vswitchd's %d packet sockets (smallest receive buffer %d B) "
                            + "dropped %d packets, its ports %d; ksoftirqd ran %d ms%n", sockets1.sockets(),
                    sockets1.minRcvbuf(), sockets1.drops() - sockets0.drops(), portDrops, softirq);
            System.out.print(figures);
            Files.writeString(DIR.resolve("results.txt"), figures, StandardCharsets.UTF_8);

            // nothing lost uncounted: the senders stop, the fabric drains, and each sends for another window with a
            // perf of its own, whose packets the agents count end to end
            perfs.stop();
            awaitDrained(base, lab, senders);
            long counted0 = CrpLab.countedDrops(lab);
            CrpLab.Perfs counted = new CrpLab.Perfs(lab, DIR, "counted", senders, "10.0.0.9", WINDOW);
            List<JsonNode> reports = counted.results(Duration.ofSeconds(180));
            long countedDrops = CrpLab.countedDrops(lab) - counted0;
            long sentPackets = reports.stream().mapToLong(r -> r.get("sent_packets").asLong()).sum();
            long lostPackets = reports.stream().mapToLong(r -> r.get("lost_packets").asLong()).sum();
            String accounting = String.format(Locale.ROOT, "a second window of %d s over the new path: the senders' "
                    + "agents sent %d packets, h9's agent received all but %d (%.2f%%); the lab counted %d packets "
                    + "dropped (queues, switch sockets, veths, hosts); ovs-vswitchd's send buffer %s%n",
                    WINDOW.toSeconds(), sentPackets, lostPackets, 100.0 * lostPackets / sentPackets, countedDrops,
                    SwitchSendBuffer.read());
            System.out.print(accounting);
            Files.writeString(DIR.resolve("results.txt"), figures + accounting, StandardCharsets.UTF_8);

            assertThat(controller.fabric().events()).as("the switches reported the link down")
                    .anyMatch(e -> e.kind() == FabricEvent.Kind.PORT_DOWN && e.detail().startsWith("s1 port 3"));
            assertThat(tables1.get("totals").get("revoked").asLong()).as("revocations counted by the controller; %s",
                    figures).isGreaterThan(revoked0);
            long told = 0;
            for (String h : SENDERS) {
                told += voqs2.get(h).path("revocations").asLong() - voqs0.get(h).path("revocations").asLong();
            }
            assertThat(told).as("revocations the agents counted, each of the controller's; %s", figures)
                    .isEqualTo(tables2.get("totals").get("revoked").asLong() - revoked0);
            for (String h : List.of("h1", "h2")) {
                assertThat(voqs2.get(h).path("reservedBytes").asLong()).as("%s sends reserved bytes after the "
                        + "reroute; %s", h, figures).isGreaterThan(voqs1.get(h).path("reservedBytes").asLong());
            }
            assertThat(voqs2.get("h3").path("revocations").asLong()).as("h3's path never crossed the dead link; %s",
                    figures).isEqualTo(voqs0.get("h3").path("revocations").asLong());
            assertThat(voqs2.get("h3").path("reservedBytes").asLong()).as("h3 kept sending reserved bytes; %s",
                    figures).isGreaterThan(voqs0.get("h3").path("reservedBytes").asLong());
            assertThat(watch.polls.get()).as("bookings polled during the failure").isGreaterThan(10);
            assertThat(watch.onDeadLink).as("bookings granted after the failure over %s; %s", DEAD, figures)
                    .isEmpty();
            assertThat(DEAD.stream().filter(r -> hasTable(tables2, r)).toList()).as("tables of the dead link")
                    .isEmpty();
            assertThat((double) dropped).as("packets the rerouted path's link queues dropped against 1%% of those they "
                    + "sent; %s", figures).isLessThanOrEqualTo(0.01 * carriedPackets);
            assertThat(lostPackets).as("packets the agents lost end to end against those the lab counted as "
                    + "dropped; %s", figures + accounting).isLessThanOrEqualTo(countedDrops);
            for (int i = 0; i < bps.length; i++) {
                assertThat(bps[i]).as("%s into the fabric after the reroute against 2.4 Mbit/s, 80%% of its agent's "
                        + "rate; %s",
                        SENDERS.get(i), figures).isGreaterThanOrEqualTo(0.8 * SENDER_BPS);
            }
        }
    }

    /**
     * Reads the live bookings every 5 ms from the failure on (on the registry's thread, as the REST API does, without
     * HTTP and JSON in between, so that this loaded machine still polls often) and keeps every booking granted after
     * the failure ({@code id > lastId}) whose path crosses a direction of the dead link. A booking is live from its
     * grant to the end of its last slot, at least the two lead slots and its own (60 ms), so a poll sees each.
     */
    private static final class Watch {
        final AtomicLong polls = new AtomicLong();
        final AtomicLong longestGapNanos = new AtomicLong();
        final ConcurrentLinkedQueue<String> onDeadLink = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread;

        Watch(AgentLinkServer registry, AtomicLong lastId) {
            thread = new Thread(() -> {
                long last = System.nanoTime();
                while (running.get()) {
                    for (ReservationService.LiveBooking b : registry.bookings()) {
                        if (b.id() > lastId.get() && b.resources().stream().anyMatch(DEAD::contains)
                                && !onDeadLink.contains(b.toString())) {
                            onDeadLink.add(b.toString());
                        }
                    }
                    long now = System.nanoTime();
                    longestGapNanos.accumulateAndGet(now - last, Math::max);
                    last = now;
                    polls.incrementAndGet();
                    try {
                        Thread.sleep(5); // the poll interval
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "crp-dead-link-watch");
            thread.setDaemon(true);
            thread.start();
        }

        /** Stops polling and waits up to 5 s for the poller to end (keeping an interrupt for the caller). */
        void stop() {
            running.set(false);
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private String figures(long reroutedMs, long revoked0, JsonNode tables1, Map<String, JsonNode> voqs0,
                           Map<String, JsonNode> voqs1, Map<String, JsonNode> voqs2, Watch watch, double[] bps,
                           long sent, long received, List<FabricEvent> events) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "link s1:3 - s2:3 down; tables of the dead "
                        + "link gone and h1, h2 booked over s1:4, s3:4 after %d ms%n", reroutedMs));
        JsonNode totals = tables1.get("totals");
        s.append(String.format(Locale.ROOT, "controller: %d revocations (before the failure %d), %d retries for no "
                        + "common slot or a dead link; bookings polled %d times (at most %.0f ms apart), %d granted "
                        + "over the dead link after the failure%n", totals.get("revoked").asLong(), revoked0,
                totals.get("retriesNoCommonSlot").asLong(), watch.polls.get(), watch.longestGapNanos.get() / 1e6,
                watch.onDeadLink.size()));
        watch.onDeadLink.forEach(b -> s.append("  on the dead link: ").append(b).append('\n'));
        s.append(String.format(Locale.ROOT, "%-6s %12s %12s %12s %16s %18s%n", "sender", "revocations", "retries",
                "grants", "reserved B", "Mbit/s after"));
        for (int i = 0; i < SENDERS.size(); i++) {
            String h = SENDERS.get(i);
            s.append(String.format(Locale.ROOT, "%-6s %5d -> %-4d %5d -> %-4d %5d -> %-4d %16d %18.2f%n", h,
                    voqs0.get(h).path("revocations").asLong(), voqs1.get(h).path("revocations").asLong(),
                    voqs0.get(h).path("retries").asLong(), voqs2.get(h).path("retries").asLong(),
                    voqs0.get(h).path("grants").asLong(), voqs2.get(h).path("grants").asLong(),
                    voqs2.get(h).path("reservedBytes").asLong() - voqs1.get(h).path("reservedBytes").asLong(),
                    bps[i] / 1e6));
        }
        s.append(String.format(Locale.ROOT, "window of %d s after the reroute: senders put %d B into the fabric, h9 "
                + "received %d B (%.1f%%)%n", WINDOW.toSeconds(), sent, received, 100.0 * received / sent));
        events.stream().filter(e -> e.kind() == FabricEvent.Kind.PORT_DOWN || e.kind() == FabricEvent.Kind.ROUTES)
                .forEach(e -> s.append("  event: ").append(e.kind()).append(' ').append(e.detail()).append('\n'));
        return s.toString();
    }

    /**
     * Waits until the senders' VOQs towards h9 are empty (as their agents report them), the lab's queues hold
     * nothing and the senders put nothing more into the fabric between two polls.
     */
    private void awaitDrained(String base, OvsLab lab, List<Host> senders) throws Exception {
        long[][] last = {CrpLab.hostPortBytes(lab, senders, true)};
        LabScripts.await("the senders' VOQs and the lab's queues empty, nothing more sent", () -> {
            long[] now = CrpLab.hostPortBytes(lab, senders, true);
            boolean quiet = java.util.Arrays.equals(now, last[0]);
            last[0] = now;
            Map<String, JsonNode> reports = voqReports(get(base, "/api/agents"));
            boolean empty = SENDERS.stream().allMatch(h -> reports.containsKey(h)
                    && reports.get(h).path("backlogBytes").asLong(-1) == 0);
            JsonNode qdiscs = json.readTree(Shell.check("tc", "-s", "-j", "qdisc", "show").stdout());
            boolean queuesEmpty = true;
            for (JsonNode q : qdiscs) {
                queuesEmpty &= !q.path("dev").asText().startsWith(NAME) || q.path("backlog").asLong() == 0;
            }
            return quiet && empty && queuesEmpty;
        }, 60);
    }

    /** Packets the kernel's per-CPU input backlogs dropped ({@code /proc/net/softnet_stat}, second column). */
    private static long softnetDrops() throws IOException {
        long sum = 0;
        for (String line : Files.readAllLines(Path.of("/proc/net/softnet_stat"))) {
            sum += Long.parseLong(line.trim().split("\\s+")[1], 16);
        }
        return sum;
    }

    private static List<JsonNode> qdiscs(List<String> devs) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String d : devs) {
            out.add(CrpLab.qdisc(d));
        }
        return out;
    }

    private JsonNode get(String base, String path) throws IOException {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + path))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IOException("GET " + path + ": " + r.statusCode() + " " + r.body());
            }
            return json.readTree(r.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("GET " + path + " interrupted", e);
        }
    }

    private static List<String> resources(JsonNode booking) {
        List<String> out = new ArrayList<>();
        booking.get("resources").forEach(r -> out.add(r.asText()));
        return out;
    }

    private static Map<String, List<JsonNode>> bookingsBySource(JsonNode bookings) {
        Map<String, List<JsonNode>> out = new HashMap<>();
        bookings.forEach(b -> out.computeIfAbsent(b.get("src").asText(), k -> new ArrayList<>()).add(b));
        return out;
    }

    /** Each sender's VOQ towards h9 as its agent last reported it ({@code crp} of {@code /api/agents}). */
    private static Map<String, JsonNode> voqs(JsonNode agents) {
        Map<String, JsonNode> out = new HashMap<>();
        voqReports(agents).forEach((h, v) -> {
            if (v.hasNonNull("crp")) {
                out.put(h, v.get("crp"));
            }
        });
        return out;
    }

    /** Each sender's report of its VOQ towards h9 ({@code lastReport} of {@code /api/agents}). */
    private static Map<String, JsonNode> voqReports(JsonNode agents) {
        Map<String, JsonNode> out = new HashMap<>();
        for (JsonNode a : agents) {
            for (JsonNode v : a.path("lastReport")) {
                if (v.path("dstIp").asText().equals("10.0.0.9") || v.path("dst").asText().equals("10.0.0.9")) {
                    out.put(a.get("host").asText(), v);
                }
            }
        }
        return out;
    }

    private static boolean hasTable(JsonNode reservations, String resource) {
        for (JsonNode t : reservations.get("tables")) {
            if (t.get("resource").asText().equals(resource)) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode table(JsonNode reservations, String resource) {
        for (JsonNode t : reservations.get("tables")) {
            if (t.get("resource").asText().equals(resource)) {
                return t;
            }
        }
        throw new AssertionError("no table for " + resource + " in " + reservations);
    }
}
