package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.AgentView;
import weft.controller.crp.ReservationsView;
import weft.controller.fabric.WeftController;
import weft.model.protocol.ReservationReport;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * An 8->1 incast of bulk senders through a real OVS bottleneck, without and with CRP (seed 001 in the live form,
 * docs/crp.md). Fabric: s1 with h1..h8 (ports 1-8), s2 with h9 (port 1), the link s1:9 - s2:2; the lab emulates link
 * rates with tc HTB on the switch-side ports at 1 Mbit/s per topology Mbit/s x 1000 (docs/sources.md §5): the link
 * runs at 12 Mbit/s, h9's port at 50, the senders' ports at 1000, each with a burst of 40 ms at its rate in front of
 * a queue of 200 ms at its rate that drops at its head ({@link EmulatedLink}: why), 200 packets at the
 * bottleneck. Every sender's agent runs at 3 Mbit/s of its own (24 Mbit/s offered, twice the bottleneck) and writes
 * to h9 as fast as its VOQ takes data ({@code weft agent perf}); CRP as {@link CrpLab#reservations} sets it.
 *
 * <p>Measured over 15 s from kernel counters, each read stamped with the midpoint of its call: what the bottleneck
 * carried and dropped ({@code tc -s qdisc} of s1:9, Ethernet frame bytes as HTB counts them), what each sender put
 * into s1 (the RX counters of its switch-side port), the queueing delay a ping from h1 to h9 sees; with CRP also the
 * link's table from the controller and what each sender's VOQ did with its grants (granted, sent, expired, late,
 * unreserved bytes). Asserted with CRP, the bars: the bottleneck carries at least 90% of its rate; no sender
 * starves (the slowest at least 80% of the fair share, 1.5 Mbit/s); drops at the bottleneck near zero (at most 1% of
 * its packets, and a tenth of the share without CRP); and the link's table kept at least 90% reserved or charged.
 * Printed beside: what happens without CRP; a ping's median against what the sources bound the queue by ({@link
 * #pingBoundMs}); the bottleneck's backlog, the senders' arrivals at s1 over slot-long spans and how late a thread
 * wakes on this host. Written to {@code target/lab/CrpIncastLabTest/results.txt}.
 */
@Tag("lab")
class CrpIncastLabTest {
    private static final String NAME = "wcrp";
    private static final String TOKEN = "wcrp-lab-token-0123456789";
    private static final Path DIR = Path.of("target", "lab", "CrpIncastLabTest");
    private static final double BOTTLENECK_BPS = 12e6;
    private static final double FAIR_BPS = BOTTLENECK_BPS / 8;
    private static final int SENDERS = 8;
    private static final Duration WINDOW = Duration.ofSeconds(15);
    /** A full frame's (1,514 B) serialisation at the bottleneck, in ms. */
    private static final double FRAME_MS = 1514 * 8 / BOTTLENECK_BPS * 1e3;
    private final ObjectMapper json = new ObjectMapper();

    static Topology fabric() {
        List<Host> hosts = new ArrayList<>();
        for (int i = 1; i <= SENDERS; i++) {
            hosts.add(new Host("h" + i, String.format("02:00:00:00:5c:%02x", i), "10.0.0." + i, "s1", i, 1.0));
        }
        hosts.add(new Host("h9", "02:00:00:00:5c:09", "10.0.0.9", "s2", 1, 0.05));
        return new Topology("wcrp", List.of(new Switch("s1", 0x5C01, 9), new Switch("s2", 0x5C02, 2)), hosts,
                List.of(new Link("s1", 9, "s2", 2, 0.012)));
    }

    /**
     * One run's figures.
     *
     * @param tableShare with CRP, the link table's reserved and charged bytes over its capacity in the window
     * @param voqs       with CRP, what each sender's VOQ did with its grants in the window (printed)
     * @param expired    with CRP, the share of the bytes granted in the window that expired unsent
     * @param idlePingMs a ping's median round trip before the senders start (the switches' own delay at this load)
     * @param queueMs    the bottleneck's backlog over the window in ms of its rate: median, 90th percentile
     * @param stalls     the bottleneck's stalls over the window ({@link CrpLab.StallMeter})
     */
    record Run(String name, double carriedBps, long sentPackets, long droppedPackets, double[] senderBps,
               double pingMedianMs, double pingMaxMs, double tableShare, String voqs, double expired,
               double idlePingMs, double[] queueMs, String stalls) {
        double utilisation() {
            return carriedBps / BOTTLENECK_BPS;
        }

        double minSender() {
            return Arrays.stream(senderBps).min().orElse(0);
        }

        double maxSender() {
            return Arrays.stream(senderBps).max().orElse(0);
        }

        double meanSender() {
            return Arrays.stream(senderBps).average().orElse(0);
        }

        double dropShare() {
            long all = sentPackets + droppedPackets;
            return all == 0 ? 0 : (double) droppedPackets / all;
        }
    }

    @Test
    @DisplayName("8->1 incast through a 12 Mbit/s link: with CRP the link carries >= 90% of its rate, the slowest "
            + "sender gets >= 80% of the fair share, drops near zero (<= 1%, a tenth of those without); without CRP, "
            + "reported beside")
    void incastWithAndWithoutCrp() throws Exception {
        Files.createDirectories(DIR);
        Run without = run(false);
        Run with = run(true);
        String table = table(without, with) + "with CRP, each sender's VOQ over the window:\n" + with.voqs();
        System.out.println(table);
        Files.writeString(DIR.resolve("results.txt"), table, StandardCharsets.UTF_8);
        assertThat(with.utilisation()).as("share of the bottleneck's rate carried with CRP; %s", table)
                .isGreaterThanOrEqualTo(0.90);
        assertThat(with.minSender()).as("slowest sender with CRP against 80%% of the fair share; %s", table)
                .isGreaterThanOrEqualTo(0.8 * FAIR_BPS);
        assertThat(with.dropShare()).as("packets dropped at the bottleneck with CRP: at most 1%%, and a tenth of "
                + "the share without; %s", table).isLessThanOrEqualTo(0.01)
                .isLessThanOrEqualTo(without.dropShare() / 10);
        assertThat(with.tableShare()).as("the link's table reserved or charged with CRP; %s", table)
                .isGreaterThanOrEqualTo(0.90);
    }

    /**
     * What the sources bound the bottleneck's queue by with CRP, in ms of its rate, printed beside the measured queue
     * and ping: every sender sends a slot's bytes only inside the slot's window (docs/crp.md §9), so one slot's
     * arrivals from the hosts are at most the slot's reserved bytes (97% of a slot at the rate) plus, from every
     * sender, the part of one straddling frame taken from the next slot's budget; what a slot leaves queued is at most
     * those frames again. A slot plus two frames a sender, 36 ms here. Not asserted: between the hosts and the link
     * the userspace switch, not scheduled for tens of ms at a time on this machine, forwards its backlog at once
     * (docs/crp.md §9 measures both sides).
     */
    static double pingBoundMs() {
        return CrpLab.SLOT / 1e6 + 2 * SENDERS * FRAME_MS;
    }

    private Run run(boolean crp) throws Exception {
        OvsLab.down(NAME);
        int agentPort = CrpLab.freeUdpAndTcpPort();
        LabConfig config = new LabConfig(NAME, fabric(), LabHarness.freePort(), 1000);
        WeftController controller = CrpLab.controller(config, RoutingOptions.defaults(), agentPort, TOKEN, crp);
        OvsLab lab = null;
        CrpLab.Perfs perfs = null;
        String tag = crp ? "crp" : "none";
        try {
            lab = CrpLab.upWithDeepSwitchSockets(config);
            String bottleneck = lab.interfaceOf("s1", 9);
            AgentLinkServer registry = CrpLab.startAgents(lab, controller, agentPort, TOKEN, "h9");
            double idlePing = ping(lab, "idle-" + tag, 10, 200)[0];
            perfs = new CrpLab.Perfs(lab, DIR, tag, senders(lab), "10.0.0.9");
            perfs.awaitAllSending();
            if (crp) {
                awaitEverySenderReserving(registry);
            } else {
                awaitQueueFull(bottleneck);
            }
            CrpLab.StallMeter queue = new CrpLab.StallMeter(bottleneck);
            CrpLab.WakeMeter wakes = new CrpLab.WakeMeter();
            CrpLab.ArrivalMeter arrivals = new CrpLab.ArrivalMeter(lab, senders(lab));
            Snapshot s0 = snapshot(bottleneck, lab, registry, crp);
            Path pingLog = DIR.resolve("ping-" + tag + ".log");
            Files.deleteIfExists(pingLog); // the lab appends to a log: each run's figures are its own
            Process ping = lab.spawn("h1", pingLog, "ping", "-n", "-c", String.valueOf(WINDOW.toMillis() / 300),
                    "-i", "0.3", "-W", "3", "10.0.0.9");
            Thread.sleep(WINDOW.toMillis()); // the measurement window itself
            Snapshot s1 = snapshot(bottleneck, lab, registry, crp);
            double[] in = arrivals.spanMbps(CrpLab.SLOT, 0.5, 0.99, 1.0);
            String stalls = queue.stop() + "; " + wakes.stop() + String.format(Locale.ROOT, "; the senders put into "
                    + "s1 over spans of a slot or more: %.1f Mbit/s (median), %.1f (99th percentile), %.1f (largest)",
                    in[0], in[1], in[2]);
            double[] queueMs = {queue.backlogPercentile(0.5) * 8e3 / BOTTLENECK_BPS,
                queue.backlogPercentile(0.9) * 8e3 / BOTTLENECK_BPS};
            ping.waitFor();
            double[] rtt = pingRtts(Files.readString(pingLog));
            double qSeconds = (s1.qdiscAt() - s0.qdiscAt()) / 1e9;
            double rxSeconds = (s1.rxAt() - s0.rxAt()) / 1e9;
            double[] senders = new double[SENDERS];
            for (int i = 0; i < SENDERS; i++) {
                senders[i] = (s1.rx()[i] - s0.rx()[i]) * 8 / rxSeconds;
            }
            double tableShare = Double.NaN;
            String voqs = "";
            double expired = Double.NaN;
            if (crp) {
                ReservationsView.Table link0 = s0.link();
                ReservationsView.Table link1 = s1.link();
                long used = link1.committedBytes() + link1.chargedBytes() - link0.committedBytes()
                        - link0.chargedBytes();
                tableShare = used / (link1.capacityBytes() * (double) (link1.baseSlot() - link0.baseSlot()));
                voqs = voqTable(s0, s1);
                expired = expiredShare(s0, s1);
                Files.writeString(DIR.resolve("agents-crp.json"), json.writerWithDefaultPrettyPrinter()
                        .writeValueAsString(List.of(registry.reservations(), registry.view())), StandardCharsets.UTF_8);
            }
            return new Run(crp ? "with CRP" : "without CRP", (s1.qdiscBytes() - s0.qdiscBytes()) * 8 / qSeconds,
                    s1.qdiscPackets() - s0.qdiscPackets(), s1.qdiscDrops() - s0.qdiscDrops(), senders, rtt[0], rtt[1],
                    tableShare, voqs, expired, idlePing, queueMs, stalls);
        } finally {
            if (perfs != null) {
                perfs.stop();
            }
            controller.close();
            if (lab != null) {
                lab.close();
            }
            OvsLab.down(NAME);
        }
    }

    /**
     * Counters read at one moment: the bottleneck's qdisc, the senders' switch-side ports (one {@code ip} call for
     * all), with CRP the link's table and every sender's last VOQ report. Each read is stamped with the midpoint of
     * the call, so a rate is counted over the interval the counters really span, however long this loaded machine
     * takes to start the tools.
     */
    record Snapshot(long qdiscBytes, long qdiscPackets, long qdiscDrops, long qdiscAt, long[] rx, long rxAt,
                    ReservationsView.Table link, ReservationReport[] crp, long[] reportMillis) {
    }

    private Snapshot snapshot(String bottleneck, OvsLab lab, AgentLinkServer registry, boolean crp)
            throws IOException {
        long a = System.nanoTime();
        JsonNode q = CrpLab.qdisc(bottleneck);
        long b = System.nanoTime();
        long[] rx = CrpLab.hostPortBytes(lab, senders(lab), true);
        long c = System.nanoTime();
        ReservationsView.Table link = crp ? link(registry.reservations()) : null;
        ReservationReport[] reports = new ReservationReport[SENDERS];
        long[] millis = new long[SENDERS];
        if (crp) {
            for (AgentView v : registry.view()) {
                int i = v.host().matches("h[1-8]") ? Integer.parseInt(v.host().substring(1)) - 1 : -1;
                if (i >= 0 && !v.lastReport().isEmpty()) {
                    reports[i] = v.lastReport().get(0).crp();
                    millis[i] = v.lastReportMillis();
                }
            }
        }
        return new Snapshot(q.get("bytes").asLong(), q.get("packets").asLong(), q.get("drops").asLong(), (a + b) / 2,
                rx, (b + c) / 2, link, reports, millis);
    }

    /**
     * What each sender's VOQ did with its grants between two snapshots (its reports' interval): bytes granted (sent
     * reserved + expired unspent + arrived after their slot), sent reserved, expired, late, sent unreserved. The
     * instrument that found the shortfall's cause (docs/crp.md §9).
     */
    private static String voqTable(Snapshot s0, Snapshot s1) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-6s %8s %12s %12s %12s %12s %12s%n",
                "sender", "seconds", "granted B", "sent B", "expired B", "late B", "unreserved B"));
        for (int i = 0; i < SENDERS; i++) {
            ReservationReport a = s0.crp()[i];
            ReservationReport b = s1.crp()[i];
            if (a == null || b == null) {
                s.append("h").append(i + 1).append(": no report\n");
                continue;
            }
            long sent = b.reservedBytes() - a.reservedBytes();
            long expired = b.expiredBytes() - a.expiredBytes();
            long late = b.lateBytes() - a.lateBytes();
            s.append(String.format(Locale.ROOT, "h%-5d %8.2f %12d %12d %12d %12d %12d%n", i + 1,
                    (s1.reportMillis()[i] - s0.reportMillis()[i]) / 1e3, sent + expired + late, sent, expired, late,
                    b.unreservedBytes() - a.unreservedBytes()));
        }
        return s.toString();
    }

    /** The share of the bytes granted to all senders between two snapshots that expired unsent. */
    private static double expiredShare(Snapshot s0, Snapshot s1) {
        long granted = 0;
        long expired = 0;
        for (int i = 0; i < SENDERS; i++) {
            ReservationReport a = s0.crp()[i];
            ReservationReport b = s1.crp()[i];
            if (a != null && b != null) {
                long e = b.expiredBytes() - a.expiredBytes();
                expired += e;
                granted += b.reservedBytes() - a.reservedBytes() + e + b.lateBytes() - a.lateBytes();
            }
        }
        return granted == 0 ? Double.NaN : (double) expired / granted;
    }

    /** Waits until every sender holds a booking and has sent reserved bytes (CRP governs every VOQ). */
    private static void awaitEverySenderReserving(AgentLinkServer registry) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            Set<String> booked = new java.util.TreeSet<>();
            registry.bookings().forEach(b -> booked.add(b.src()));
            long sending = registry.view().stream().filter(v -> v.lastReport().stream()
                    .anyMatch(r -> r.crp() != null && r.crp().reservedBytes() > 0)).count();
            if (booked.size() >= SENDERS && sending >= SENDERS) {
                return;
            }
            assertThat(System.nanoTime() - deadline).as("every sender reserving within 60 s: bookings of %s, %d "
                    + "sending reserved bytes", booked, sending).isNegative();
            Thread.sleep(200);
        }
    }

    /** Waits until the bottleneck's FIFO drops: without CRP the incast has filled it. */
    private void awaitQueueFull(String dev) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        long drops0 = CrpLab.qdisc(dev).get("drops").asLong();
        while (CrpLab.qdisc(dev).get("drops").asLong() == drops0) {
            assertThat(System.nanoTime() - deadline).as("the bottleneck's queue full within 60 s").isNegative();
            Thread.sleep(200);
        }
    }

    /** The table of the link s1:9 -> s2:2. */
    private static ReservationsView.Table link(ReservationsView v) {
        return v.tables().stream().filter(t -> t.resource().equals("s1:9")).findFirst()
                .orElseThrow(() -> new AssertionError("no table for s1:9 among " + v.tables()));
    }

    /** The senders h1..h8. */
    private static List<Host> senders(OvsLab lab) {
        return lab.topology().hosts().subList(0, SENDERS);
    }

    /** Median and largest round trip of {@code count} pings from h1 to h9 every {@code intervalMs}, in ms. */
    private static double[] ping(OvsLab lab, String tag, int count, int intervalMs) throws Exception {
        Path log = DIR.resolve("ping-" + tag + ".log");
        Files.deleteIfExists(log);
        lab.spawn("h1", log, "ping", "-n", "-c", String.valueOf(count), "-i", String.valueOf(intervalMs / 1e3), "-W",
                "3", "10.0.0.9").waitFor();
        return pingRtts(Files.readString(log));
    }

    /** Median and largest round trip of a ping's output, in ms. */
    private static double[] pingRtts(String out) {
        List<Double> rtts = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("time=([0-9.]+) ms").matcher(out);
        while (m.find()) {
            rtts.add(Double.parseDouble(m.group(1)));
        }
        if (rtts.isEmpty()) {
            return new double[] {Double.NaN, Double.NaN};
        }
        rtts.sort(Double::compare);
        return new double[] {rtts.get(rtts.size() / 2), rtts.get(rtts.size() - 1)};
    }

    private static String table(Run a, Run b) {
        StringBuilder s = new StringBuilder("8->1 incast through a 12 Mbit/s bottleneck (fair share 1.5 Mbit/s, "
                + "bars with CRP: carried >= 90%, slowest sender >= 1.2 Mbit/s, drops <= 1%), " + WINDOW.toSeconds()
                + " s window\n");
        s.append(String.format(Locale.ROOT, "%-34s %16s %16s%n", "", a.name(), b.name()));
        row(s, "bottleneck carried (Mbit/s)", a.carriedBps() / 1e6, b.carriedBps() / 1e6);
        row(s, "  share of its rate (%, bar >= 90)", 100 * a.utilisation(), 100 * b.utilisation());
        row(s, "link table reserved+charged (%)", 100 * a.tableShare(), 100 * b.tableShare());
        row(s, "bottleneck packets sent", a.sentPackets(), b.sentPackets());
        row(s, "bottleneck packets dropped", a.droppedPackets(), b.droppedPackets());
        row(s, "  dropped share (%, bar <= 1)", 100 * a.dropShare(), 100 * b.dropShare());
        row(s, "slowest sender (Mbit/s, bar >= 1.2)", a.minSender() / 1e6, b.minSender() / 1e6);
        row(s, "fastest sender (Mbit/s into s1)", a.maxSender() / 1e6, b.maxSender() / 1e6);
        row(s, "ping h1->h9 before the senders (ms)", a.idlePingMs(), b.idlePingMs());
        row(s, "ping h1->h9 median (ms)", a.pingMedianMs(), b.pingMedianMs());
        row(s, "  bound with CRP (ms)", Double.NaN, pingBoundMs());
        row(s, "ping h1->h9 max (ms)", a.pingMaxMs(), b.pingMaxMs());
        row(s, "bottleneck queue median (ms)", a.queueMs()[0], b.queueMs()[0]);
        row(s, "bottleneck queue 90th pct (ms)", a.queueMs()[1], b.queueMs()[1]);
        row(s, "granted bytes expired (%)", 100 * a.expired(), 100 * b.expired());
        for (int i = 0; i < SENDERS; i++) {
            row(s, "  h" + (i + 1) + " into s1 (Mbit/s)", a.senderBps()[i] / 1e6, b.senderBps()[i] / 1e6);
        }
        s.append(a.name()).append(", ").append(a.stalls()).append('\n');
        s.append(b.name()).append(", ").append(b.stalls()).append('\n');
        return s.toString();
    }

    private static void row(StringBuilder s, String label, double a, double b) {
        s.append(String.format(Locale.ROOT, "%-34s %16.2f %16.2f%n", label, a, b));
    }
}
