package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.meterband.OFMeterBandDrop;
import weft.controller.fabric.FabricEvent;
import weft.controller.program.SwitchProgram;
import weft.controller.rest.RestApi;
import weft.controller.rest.RestAuth;
import weft.model.topology.Switch;

/**
 * Per-pair rates on real OVS: a 4-switch ring under LASH, pair h1 -> h3 rated, h2 -> h4 not. Rates are checked on
 * iperf3's UDP payload: the meter counts Ethernet frames, so with 1400-byte datagrams (1442-byte frames: 8 UDP + 20
 * IPv4 + 14 Ethernet) a meter rate {@code r} delivers {@code r·1400/1442} of payload, plus at most the burst over the
 * run.
 */
@Tag("lab")
class MeterLabTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern METER = Pattern.compile(
            "meter=(\\d+) kbps(?: burst)?(?: stats)? bands=\\s*type=drop rate=(\\d+)(?: burst_size=(\\d+))?");
    private static final int PAYLOAD = 1400;
    private static final double PAYLOAD_SHARE = PAYLOAD / (PAYLOAD + 42.0);
    private static final int SECONDS = 5;

    /** Meters read back with ovs-ofctl dump-meters, as "id rate burst"; fails on any meter it cannot parse. */
    /** The bytes meter {@code id} of a switch has counted ({@code ovs-ofctl meter-stats}), or -1. */
    private static long meterBytesIn(LabHarness h, String switchId, long id) {
        Matcher m = Pattern.compile("byte_in_count:(\\d+)").matcher(Shell.check("ovs-ofctl", "-O", "OpenFlow13",
                "meter-stats", h.lab.bridgeOf(switchId), "meter=" + id).stdout());
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    private static Set<String> meters(LabHarness h, String switchId) {
        String dump = h.dumpMeters(switchId);
        Set<String> out = new TreeSet<>();
        Matcher m = METER.matcher(dump);
        while (m.find()) {
            String burst = m.group(3) == null ? "0" : m.group(3);
            assertThat(out.add(m.group(1) + " " + m.group(2) + " " + burst)).as("meter %s listed twice on %s",
                    m.group(1), switchId).isTrue();
        }
        assertThat(dump.split("meter=").length - 1).as("every meter of %s parsed: %s", switchId, dump)
                .isEqualTo(out.size());
        return out;
    }

    private static Set<String> compiled(SwitchProgram p) {
        Set<String> out = new TreeSet<>();
        for (OFMeterMod m : p.meters()) {
            OFMeterBandDrop b = (OFMeterBandDrop) m.getMeters().get(0);
            out.add(m.getMeterId() + " " + b.getRate() + " " + b.getBurstSize());
        }
        return out;
    }

    private static void assertMetersEqualProgram(LabHarness h) {
        for (Switch s : h.lab.topology().switches()) {
            assertThat(meters(h, s.id())).as("meters of %s read back with dump-meters", s.id())
                    .isEqualTo(compiled(h.controller.fabric().program().bySwitch().get(s.id())));
        }
    }

    /** Runs UDP flows (src, dst, port) at the offered rate at the same time; Mbit/s of payload received, each. */
    private static List<Double> udp(LabHarness h, double offeredMbps, String[]... flows) throws Exception {
        return iperf(h, List.of("-u", "-l", String.valueOf(PAYLOAD), "-b", offeredMbps + "M"), flows);
    }

    /** Runs iperf3 flows (src, dst, port) with the given client options at the same time; Mbit/s received. */
    private static List<Double> iperf(LabHarness h, List<String> options, String[]... flows) throws Exception {
        for (String[] f : flows) {
            h.lab.spawn(f[1], h.dir.resolve("iperf3-" + f[1] + ".log"), "iperf3", "-s", "-1", "-p", f[2]);
        }
        for (String[] f : flows) {
            LabScripts.await("iperf3 listening on " + f[1] + ":" + f[2], () -> !h.lab.exec(f[1],
                    Duration.ofSeconds(5), "ss", "-Hltn", "sport = :" + f[2]).stdout().isBlank(), 30);
        }
        List<CompletableFuture<String>> runs = new ArrayList<>();
        for (String[] f : flows) {
            String dstIp = h.lab.topology().requireHost(f[1]).ip();
            List<String> cmd = new ArrayList<>(List.of("iperf3", "-c", dstIp, "-p", f[2]));
            cmd.addAll(options);
            cmd.addAll(List.of("-t", String.valueOf(SECONDS), "-J"));
            runs.add(CompletableFuture.supplyAsync(() -> h.lab.exec(f[0], Duration.ofSeconds(SECONDS + 20),
                    cmd.toArray(String[]::new)).stdout()));
        }
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < flows.length; i++) {
            String json = runs.get(i).get();
            Files.writeString(h.dir.resolve("iperf3-" + flows[i][0] + "-" + flows[i][1] + "-" + flows[i][2]
                    + ".json"), json);
            JsonNode received = JSON.readTree(json).path("end").path("sum_received").path("bits_per_second");
            assertThat(received.isNumber()).as("iperf3 %s -> %s reported a received rate: %s", flows[i][0],
                    flows[i][1], json).isTrue();
            out.add(received.asDouble() / 1e6);
        }
        return out;
    }

    @Test
    @DisplayName("meters on a LASH ring: dump-meters equals the program; a rated pair offered 3x gets its rate "
            + "(within 5%) and its meter counts the drops, an unrated one is not capped; PUT /api/rates changes "
            + "delivery; a controller restart keeps one copy of each meter and sends nothing; reconnect restores a "
            + "deleted meter, removes a stale one and keeps a foreign one")
    void ratedPairs() throws Exception {
        try (LabHarness h = LabHarness.of("MeterLabTest", "wlmtr", LabFabrics.ring(4), "lash")) {
            h.awaitConverged(Duration.ofSeconds(20));
            h.setRates("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h3\", \"mbps\": 20}]}");
            h.awaitConverged(Duration.ofSeconds(20));
            assertMetersEqualProgram(h);
            assertThat(meters(h, "s1")).as("one meter at h1's switch").hasSize(1);
            h.checkAllPairs();

            List<Double> first = udp(h, 60, new String[] {"h1", "h3", "5301"}, new String[] {"h2", "h4", "5302"});
            List<String> report = new ArrayList<>();
            report.add(String.format("h1->h3 meter 20 Mbit/s, offered 60: %.2f Mbit/s payload (expected %.2f)",
                    first.get(0), 20 * PAYLOAD_SHARE));
            report.add(String.format("h2->h4 unrated, offered 60: %.2f Mbit/s payload", first.get(1)));
            assertThat(first.get(0)).as("rated h1 -> h3").isBetween(0.95 * 20 * PAYLOAD_SHARE,
                    1.05 * 20 * PAYLOAD_SHARE);
            assertThat(first.get(1)).as("unrated h2 -> h4 is not capped (this shared 2-core machine loses a few "
                    + "percent of 60 Mbit/s UDP in the userspace datapath)").isGreaterThan(0.75 * 60);

            String token = "meter-lab-test-token-0123456789";
            try (RestApi api = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0),
                    RestAuth.of(token, false, false)), h.controller.fabric(), null)) {
                HttpClient http = HttpClient.newHttpClient();
                URI uri = URI.create("http://127.0.0.1:" + api.port() + "/api/rates");
                LabScripts.await("the controller's counters of h1 -> h3's meter equal the switch's", () -> {
                    JsonNode p = JSON.readTree(http.send(HttpRequest.newBuilder(uri).GET().build(),
                            HttpResponse.BodyHandlers.ofString()).body()).path("rates").path(0);
                    return p.has("bytes_in") && p.get("bytes_in").asLong() == meterBytesIn(h, "s1",
                            p.path("meter_id").asLong());
                }, 30);
                JsonNode pair = JSON.readTree(http.send(HttpRequest.newBuilder(uri).GET().build(),
                        HttpResponse.BodyHandlers.ofString()).body()).path("rates").path(0);
                report.add("GET /api/rates after the first run: " + pair);
                assertThat(pair.path("dropped_bytes").asDouble() / pair.path("bytes_in").asDouble())
                        .as("share of h1 -> h3 bytes the meter dropped (about 2/3 of 60 offered at 20): %s", pair)
                        .isBetween(0.5, 0.8);
                HttpResponse<String> put = http.send(HttpRequest.newBuilder(uri)
                                .header("Authorization", "Bearer " + token).PUT(HttpRequest.BodyPublishers
                                .ofString("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h3\", \"mbps\": 8}]}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
            }
            h.setRates("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h3\", \"mbps\": 8}]}");
            assertMetersEqualProgram(h);
            assertThat(meters(h, "s1")).singleElement().asString().contains(" 8000 800");
            List<Double> second = udp(h, 60, new String[] {"h1", "h3", "5303"});
            report.add(String.format("h1->h3 meter 8 Mbit/s (PUT /api/rates), offered 60: %.2f Mbit/s payload "
                    + "(expected %.2f)", second.get(0), 8 * PAYLOAD_SHARE));
            assertThat(second.get(0)).as("rated h1 -> h3 after PUT").isBetween(0.95 * 8 * PAYLOAD_SHARE,
                    1.05 * 8 * PAYLOAD_SHARE);
            double tcp = iperf(h, List.of(), new String[] {"h1", "h3", "5304"}).get(0);
            report.add(String.format("h1->h3 meter 8 Mbit/s, one TCP flow: %.2f Mbit/s goodput (a policer: TCP gets "
                    + "less than the rate)", tcp));
            assertThat(tcp).as("TCP through the 8 Mbit/s meter").isGreaterThan(0).isLessThan(1.05 * 8);

            h.stopController();
            h.startController();
            h.awaitConverged(Duration.ofSeconds(30));
            assertMetersEqualProgram(h);
            h.assertFlowsEqualRoutes();
            List<String> programmed = h.controller.fabric().events().stream()
                    .filter(e -> e.kind() == FabricEvent.Kind.PROGRAMMED).map(FabricEvent::detail).toList();
            assertThat(programmed).as("reconciliation after restart").hasSize(4)
                    .allSatisfy(d -> assertThat(d).contains("0+0+0 messages"));

            String bridge = h.lab.bridgeOf("s1");
            String weftMeter = compiled(h.controller.fabric().program().bySwitch().get("s1")).iterator().next()
                    .split(" ")[0];
            h.stopController();
            Shell.check("ovs-ofctl", "-O", "OpenFlow13", "del-meter", bridge, "meter=" + weftMeter);
            Shell.check("ovs-ofctl", "-O", "OpenFlow13", "add-meter", bridge,
                    "meter=7,kbps,band=type=drop,rate=1000");
            Shell.check("ovs-ofctl", "-O", "OpenFlow13", "add-meter", bridge,
                    "meter=" + 0x57ffffffL + ",kbps,burst,stats,band=type=drop,rate=1000,burst_size=120");
            h.startController();
            h.awaitConverged(Duration.ofSeconds(30));
            Set<String> expected = new TreeSet<>(compiled(h.controller.fabric().program().bySwitch().get("s1")));
            expected.add("7 1000 0");
            assertThat(meters(h, "s1")).as("deleted Weft meter restored, stale Weft meter gone, foreign meter kept")
                    .isEqualTo(expected);
            h.assertFlowsEqualRoutes();
            Files.write(h.dir.resolve("rates.txt"), report);
            report.forEach(System.out::println);
        }
    }
}
