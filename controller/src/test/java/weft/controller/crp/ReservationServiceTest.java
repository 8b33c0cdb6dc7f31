package weft.controller.crp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.crp.EgressPort;
import weft.model.crp.IncastFabric;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationBytes;
import weft.model.protocol.SlotBytes;
import weft.model.topology.Topology;

/**
 * The controller's tables on the lab's incast fabric: s1 with h1..h8 (1 Gbit/s each), s2 with h9 (50 Mbit/s), the
 * link s1:9 - s2:2 at 24 Mbit/s; 10 ms slots, 32 of them, 3% headroom, 3% epsilon, a 20 ms round trip (grants from
 * two slots ahead). Hand-computed: a slot of the link holds 24e6 x 0.01 / 8 x 0.97 = 29,100 bytes, of h9's port
 * 60,625, of a 1 Gbit/s port 1,212,500; N_max is the smallest, 29,100, N_min a quarter, 7,275; a request of 29,100
 * reserves ceil(29,100 x 1.03) = 29,973.
 */
class ReservationServiceTest {
    static final long MS = 1_000_000L;
    /** 3 ms into slot 1000. */
    static final long NOW = 1000 * 10 * MS + 3 * MS;
    static final String H9 = "10.0.0.9";

    static ReservationOptions options() {
        return new ReservationOptions(10 * MS, 32, 30_000, 30_000, 20 * MS, 0, 0, 2, 8, 1_250_000, MS, Set.of(),
                null);
    }

    /** The lab's incast fabric with h9's port at 50 Mbit/s and the link at {@code linkGbps}. */
    static Topology incast(double linkGbps) {
        return IncastFabric.topology(linkGbps, 0.05);
    }

    static ReservationService service() {
        ReservationService s = new ReservationService(options(), new SplittableRandom(7));
        ReservationService.FabricUpdate u = s.fabric(incast(0.024), IncastFabric::paths, NOW);
        assertThat(u.revocations()).isEmpty();
        assertThat(u.configOrNull()).isEqualTo(new ControlMessage.Crp(10 * MS, 32, 7_275, 29_100, 2, MS, null));
        return s;
    }

    static ReservationsView.Table table(ReservationService s, String port) {
        return s.view(NOW).tables().stream().filter(t -> t.resource().equals(port)).findFirst().orElseThrow();
    }

    @Test
    @DisplayName("Critical: the eight sender ports, the link both ways, h9's port; capacities 1,212,500 / 29,100 / "
            + "60,625 bytes a slot")
    void tablesFollowTheFabric() {
        ReservationService s = service();
        assertThat(s.resources()).extracting(EgressPort::toString).containsExactly("s1:1", "s1:2", "s1:3", "s1:4",
                "s1:5", "s1:6", "s1:7", "s1:8", "s1:9", "s2:1", "s2:2");
        assertThat(table(s, "s1:9").capacityBytes()).isEqualTo(29_100);
        assertThat(table(s, "s1:9").kind()).isEqualTo("oversubscribed");
        assertThat(table(s, "s2:1").capacityBytes()).isEqualTo(60_625);
        assertThat(table(s, "s2:1").kind()).isEqualTo("host");
        assertThat(table(s, "s2:1").peer()).isEqualTo("h9");
        assertThat(table(s, "s1:1").capacityBytes()).isEqualTo(1_212_500);
        assertThat(s.view(NOW).settings().leadSlots()).isEqualTo(2);
        assertThat(s.view(NOW).settings().currentSlot()).isEqualTo(1000);
    }

    @Test
    @DisplayName("h1 asks 29,100 B: slot 1002, a = 29,100, b = 873 at the link and h9, budget {1002: 29,100}; h2 "
            + "then gets slot 1003 (m = min(28,227, 59,752)), budget {1003: 28,227, 1004: 873}")
    void grantsTakeTheSameSplitAtEveryResource() {
        ReservationService s = service();
        assertThat(s.reserve("h1", new ControlMessage.Reserve(1, H9, 29_100, null), NOW))
                .isEqualTo(new ControlMessage.Grant(1, H9, 1, List.of(new SlotBytes(1002, 29_100))));
        assertThat(s.reserve("h2", new ControlMessage.Reserve(1, H9, 29_100, null), NOW))
                .isEqualTo(new ControlMessage.Grant(1, H9, 2, List.of(new SlotBytes(1003, 28_227),
                        new SlotBytes(1004, 873))));
        assertThat(table(s, "s1:9").free()).startsWith(29_100, 29_100, 0, 0, 27_354, 29_100);
        assertThat(table(s, "s2:1").free()).startsWith(60_625, 60_625, 31_525, 31_525, 58_879, 60_625);
        assertThat(table(s, "s1:9").grants()).isEqualTo(2);
        assertThat(table(s, "s1:9").epsilonBytes()).as("873 a booking").isEqualTo(1746);
        assertThat(s.view(NOW).totals().grantedBytes()).isEqualTo(58_200);
        assertThat(s.bookings(NOW)).extracting(ReservationService.LiveBooking::src).containsExactly("h1", "h2");
        assertThat(s.bookings(NOW).get(1)).isEqualTo(new ReservationService.LiveBooking(2, "h2", "h9", H9,
                List.of("s1:9", "s2:1"), 1003, 28_227, 1_746, 29_100));
    }

    @Test
    @DisplayName("Bad requests (no routes yet, unknown source or destination, to itself, bytes <= 0, more than "
            + "N_max, a slot in the past or beyond the window) are refused by name and change no table")
    void badRequestsChangeNothing() {
        ReservationService fresh = new ReservationService(options(), new SplittableRandom(7));
        assertRefused(fresh.reserve("h1", new ControlMessage.Reserve(9, H9, 100, null), NOW), 9, "not-ready",
                "the controller has no routes yet");
        ReservationService s = service();
        s.reserve("h1", new ControlMessage.Reserve(1, H9, 10_000, null), NOW);
        List<long[]> before = s.view(NOW).tables().stream().map(ReservationsView.Table::free).toList();
        List<Long> requestsBefore = s.view(NOW).tables().stream().map(ReservationsView.Table::requests).toList();
        assertRefused(s.reserve("h1", new ControlMessage.Reserve(2, "10.0.0.77", 100, null), NOW), 2,
                "unknown-destination", "reserve 2 from h1 to 10.0.0.77: no host of the routed topology has address "
                        + "10.0.0.77");
        assertRefused(s.reserve("h77", new ControlMessage.Reserve(3, H9, 100, null), NOW), 3, "unknown-source",
                "host h77 is not in the routed topology");
        assertRefused(s.reserve("h9", new ControlMessage.Reserve(4, H9, 100, null), NOW), 4, "same-host",
                "the destination is the source");
        assertRefused(s.reserve("h1", new ControlMessage.Reserve(5, H9, 0, null), NOW), 5, "non-positive-bytes",
                "0 bytes, expected > 0");
        assertRefused(s.reserve("h1", new ControlMessage.Reserve(6, H9, -5, null), NOW), 6, "non-positive-bytes",
                "-5 bytes, expected > 0");
        assertRefused(s.reserve("h1", new ControlMessage.Reserve(7, H9, 29_101, null), NOW), 7, "too-large",
                "29101 bytes, more than N_max 29100");
        assertRefused(s.reserve("h1", new ControlMessage.Reserve(8, H9, 100, 999L), NOW), 8, "slot-in-past",
                "slot 999 is in the past (now slot 1000)");
        assertRefused(s.reserve("h1", new ControlMessage.Reserve(10, H9, 100, 1032L), NOW), 10,
                "slot-beyond-window", "slot 1032 is beyond the window (slots 1000..1031)");
        assertThat(s.view(NOW).tables().stream().map(ReservationsView.Table::free).toList())
                .usingRecursiveFieldByFieldElementComparator().isEqualTo(before);
        assertThat(s.view(NOW).tables().stream().map(ReservationsView.Table::requests).toList())
                .isEqualTo(requestsBefore);
        assertThat(s.view(NOW).totals().refused()).isEqualTo(8);
        assertThat(s.bookings(NOW)).hasSize(1);
    }

    private static void assertRefused(ControlMessage m, long id, String problem, String text) {
        assertThat(m).isInstanceOf(ControlMessage.Refused.class);
        ControlMessage.Refused r = (ControlMessage.Refused) m;
        assertThat(r.id()).isEqualTo(id);
        assertThat(r.problem()).isEqualTo(problem);
        assertThat(r.message()).contains(text);
    }

    @Test
    @DisplayName("A source holds at most 8 live bookings towards one destination; the ninth is refused until one "
            + "passes")
    void liveBookingsPerPairAreBounded() {
        ReservationService s = service();
        for (int i = 1; i <= 8; i++) {
            assertThat(s.reserve("h3", new ControlMessage.Reserve(i, H9, 1000, null), NOW))
                    .isInstanceOf(ControlMessage.Grant.class);
        }
        assertRefused(s.reserve("h3", new ControlMessage.Reserve(9, H9, 1000, null), NOW), 9, "too-many",
                "h3 holds 8 live bookings towards h9, at most 8");
        assertThat(s.reserve("h4", new ControlMessage.Reserve(1, H9, 1000, null), NOW))
                .as("another source").isInstanceOf(ControlMessage.Grant.class);
        assertThat(s.reserve("h3", new ControlMessage.Reserve(10, H9, 1000, null), NOW + 30 * MS))
                .as("slot 1002 has passed: its bookings are gone").isInstanceOf(ControlMessage.Grant.class);
    }

    @Test
    @DisplayName("The link full for the whole window: no common slot, retry after R = 1.25 ms plus up to as much "
            + "jitter; h9 alone full: destination full, retry after the window less the round trip, 300 ms")
    void retriesKeepThePapersTwoClasses() {
        ReservationService s = service();
        int grants = 0;
        ControlMessage last = null;
        for (int i = 0; i < 64 && !(last instanceof ControlMessage.Retry); i++) {
            last = s.reserve("h" + (1 + i % 8), new ControlMessage.Reserve(i, H9, 29_100, null), NOW);
            grants += last instanceof ControlMessage.Grant ? 1 : 0;
        }
        // slots 1002..1031 of the link: 30 x 29,100 = 873,000 hold 29 requests of 29,973
        assertThat(grants).isEqualTo(29);
        ControlMessage.Retry r = (ControlMessage.Retry) last;
        assertThat(r.cause()).isEqualTo("no-common-slot");
        assertThat(r.waitNanos()).isBetween(1_250_000L, 2_500_000L);
        assertThat(table(s, "s1:9").retriesNoCommonSlot()).isEqualTo(1);

        ReservationService d = new ReservationService(options(), new SplittableRandom(7));
        d.fabric(incast(1.0), IncastFabric::paths, NOW);
        ControlMessage.Retry full = null;
        for (int i = 0; i < 200 && full == null; i++) {
            ControlMessage m = d.reserve("h" + (1 + i % 8), new ControlMessage.Reserve(i, H9, 60_625 / 2, null), NOW);
            full = m instanceof ControlMessage.Retry t ? t : null;
        }
        assertThat(full.cause()).isEqualTo("destination-full");
        assertThat(full.waitNanos()).isBetween(300 * MS, 300 * MS + 1_250_000L);
    }

    @Test
    @DisplayName("Link s1:9 - s2:2 goes down (either end reported): the bookings through it are revoked, their owners "
            + "told, the units back at the link and at h9")
    void linkDownRevokes() {
        ReservationService s = service();
        s.reserve("h1", new ControlMessage.Reserve(1, H9, 29_100, null), NOW);
        s.reserve("h2", new ControlMessage.Reserve(1, H9, 29_100, null), NOW);
        List<ReservationService.Delivery> out = s.portDown(new EgressPort("s2", 2), NOW + MS);
        assertThat(out).containsExactly(
                new ReservationService.Delivery("h1", new ControlMessage.Revoke(1, H9,
                        List.of(new SlotBytes(1002, 29_100)))),
                new ReservationService.Delivery("h2", new ControlMessage.Revoke(2, H9,
                        List.of(new SlotBytes(1003, 28_227), new SlotBytes(1004, 873)))));
        assertThat(table(s, "s1:9").free()).containsOnly(29_100);
        assertThat(table(s, "s2:1").free()).containsOnly(60_625);
        assertThat(s.view(NOW).totals().revoked()).isEqualTo(2);
        assertThat(s.bookings(NOW)).isEmpty();
        assertThat(s.portDown(new EgressPort("s1", 9), NOW)).as("nothing left to revoke").isEmpty();
    }

    @Test
    @DisplayName("After the link went down and until the routes change, a request over either direction is "
            + "answered retry (link-down, after a window less the round trip, 320 - 20 ms, plus the jitter of at "
            + "most 1.25 ms) and changes no table; once the routes change, it is granted again")
    void noGrantOnADeadLink() {
        ReservationService s = service();
        s.reserve("h1", new ControlMessage.Reserve(1, H9, 29_100, null), NOW);
        assertThat(s.portDown(new EgressPort("s1", 9), NOW + MS)).hasSize(1);
        ControlMessage again = s.reserve("h1", new ControlMessage.Reserve(2, H9, 29_100, null), NOW + 2 * MS);
        assertThat(again).isInstanceOf(ControlMessage.Retry.class);
        ControlMessage.Retry retry = (ControlMessage.Retry) again;
        assertThat(retry.cause()).isEqualTo("link-down");
        assertThat(retry.waitNanos()).isBetween(300 * MS, 300 * MS + 1_250_000);
        assertThat(table(s, "s1:9").free()).containsOnly(29_100);
        assertThat(table(s, "s2:1").free()).containsOnly(60_625);
        assertThat(s.bookings(NOW + 2 * MS)).isEmpty();
        assertThat(s.view(NOW + 2 * MS).totals().retriesNoCommonSlot()).isEqualTo(1);
        assertThat(s.view(NOW + 2 * MS).totals().grants()).isEqualTo(1);
        assertThat(s.reserve("h9", new ControlMessage.Reserve(3, "10.0.0.1", 1000, null), NOW + 2 * MS))
                .as("h9 -> h1 crosses s2:2, the link's other direction").isInstanceOf(ControlMessage.Retry.class);

        s.fabric(incast(0.024), IncastFabric::paths, NOW + 3 * MS);
        assertThat(s.reserve("h1", new ControlMessage.Reserve(4, H9, 29_100, null), NOW + 3 * MS))
                .as("the routes changed (here: the link is back)").isInstanceOf(ControlMessage.Grant.class);
    }

    @Test
    @DisplayName("A host port that goes down revokes its bookings but keeps its table open: no route change "
            + "follows it, and the host may come back")
    void hostPortDownKeepsGranting() {
        ReservationService s = service();
        s.reserve("h1", new ControlMessage.Reserve(1, H9, 29_100, null), NOW);
        assertThat(s.portDown(new EgressPort("s2", 1), NOW + MS)).hasSize(1);
        assertThat(s.reserve("h1", new ControlMessage.Reserve(2, H9, 29_100, null), NOW + 2 * MS))
                .isInstanceOf(ControlMessage.Grant.class);
    }

    @Test
    @DisplayName("The routes change to a 1 Gbit/s link: it is no longer critical, its table goes, the bookings over "
            + "it are revoked, and N_max follows the slowest resource left (h9's 60,625 B)")
    void routeChange() {
        ReservationService s = service();
        s.reserve("h1", new ControlMessage.Reserve(1, H9, 29_100, null), NOW);
        s.reserve("h2", new ControlMessage.Reserve(7, "10.0.0.3", 1000, null), NOW);
        ReservationService.FabricUpdate u = s.fabric(incast(1.0), IncastFabric::paths, NOW);
        assertThat(u.revocations()).containsExactly(new ReservationService.Delivery("h1",
                new ControlMessage.Revoke(1, H9, List.of(new SlotBytes(1002, 29_100)))));
        assertThat(u.configOrNull().maxBytes()).isEqualTo(60_625);
        assertThat(s.resources()).doesNotContain(new EgressPort("s1", 9));
        assertThat(s.bookings(NOW)).as("h2 -> h3 keeps its path").hasSize(1);
        assertThat(s.fabric(incast(1.0), IncastFabric::paths, NOW).configOrNull()).as("unchanged").isNull();
    }

    @Test
    @DisplayName("Seed 001 §2.5: 1000 unreserved bytes h1 -> h9 are charged to the link and h9's port (earliest "
            + "non-zero cell); a line without a path is reported and not charged")
    void charges() {
        ReservationService s = service();
        assertThat(s.charge("h1", new ControlMessage.Charge(List.of(new DestinationBytes(H9, 1000))), NOW)).isNull();
        assertThat(table(s, "s1:9").free()[0]).isEqualTo(28_100);
        assertThat(table(s, "s2:1").free()[0]).isEqualTo(59_625);
        assertThat(table(s, "s1:1").chargedBytes()).isZero();
        ControlMessage e = s.charge("h1", new ControlMessage.Charge(List.of(new DestinationBytes("10.0.0.77", 5),
                new DestinationBytes(H9, 100))), NOW);
        assertThat(((ControlMessage.Error) e).message()).isEqualTo("charge from h1: no path to [10.0.0.77] (not "
                + "charged; the other lines were)");
        assertThat(table(s, "s1:9").chargedBytes()).isEqualTo(1100);
        assertThat(s.view(NOW).totals().chargedBytes()).isEqualTo(1100);
    }

    @Test
    @DisplayName("Bookings exported by one controller and restored by the next take the same cells")
    void exportAndRestore() {
        ReservationService s = service();
        s.reserve("h1", new ControlMessage.Reserve(1, H9, 29_100, null), NOW);
        s.reserve("h2", new ControlMessage.Reserve(1, H9, 29_100, null), NOW);
        ReservationService next = service();
        assertThat(next.restore(s.bookings(NOW), NOW)).isEmpty();
        assertThat(table(next, "s1:9").free()).isEqualTo(table(s, "s1:9").free());
        assertThat(table(next, "s2:1").free()).isEqualTo(table(s, "s2:1").free());
        assertThat(next.bookings(NOW)).isEqualTo(s.bookings(NOW));
        assertThat(next.restore(s.bookings(NOW), NOW)).as("twice: the ids are live").hasSize(2);
        assertThat(next.reserve("h1", new ControlMessage.Reserve(5, H9, 1000, null), NOW))
                .isInstanceOf(ControlMessage.Grant.class).extracting(m -> ((ControlMessage.Grant) m).booking())
                .isEqualTo(3L);
    }
}
