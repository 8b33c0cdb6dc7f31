package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * Properties of both forms on random paths, tables and request orders: no slot is ever committed beyond its
 * capacity (which includes the configured headroom), every committed unit is accounted for by a grant, every
 * granted unit is sent within its slots, eager holds never leak, and the two forms agree where they must.
 * A failure prints its seed.
 */
class CrpProperties {
    private static RandomGenerator random(long seed) {
        return RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
    }

    private static long[] randomCells(RandomGenerator r, int cells, long capacity) {
        long[] free = new long[cells];
        for (int i = 0; i < cells; i++) {
            int kind = r.nextInt(4);
            free[i] = kind == 0 ? 0 : kind == 1 ? capacity : r.nextLong(capacity + 1);
        }
        return free;
    }

    private static long used(ReservationTable t) {
        long u = 0;
        for (long f : t.freeCells()) {
            u += t.capacity() - f;
        }
        return u;
    }

    private static void assertCellsInRange(CrpHarness h, long seed) {
        for (ResourceNode n : h.resources.values()) {
            for (long f : n.table().freeCells()) {
                assertThat(f).as("seed %d: resource %d cell of %s", seed, n.id(), n.table())
                        .isBetween(0L, n.table().capacity());
            }
        }
    }

    /** Random fabric: channels 0..c-1, destinations c..c+d-1 (host 100+k ejects at resource c+k), sources 0..s-1. */
    private static CrpHarness fabric(RandomGenerator r, CrpParameters p, long[] capacity, int channels, int hosts,
                                     boolean randomTables, RandomGenerator order, int maxAttempt) {
        CrpHarness h = new CrpHarness(order, maxAttempt);
        for (int id = 0; id < capacity.length; id++) {
            ReservationTable t = randomTables ? ReservationTable.of(capacity[id], 0, randomCells(r, p.cells(),
                    capacity[id])) : new ReservationTable(p.cells(), capacity[id], 0);
            h.resources.put(id, new ResourceNode(id, t, p));
        }
        int dests = capacity.length - channels;
        for (int s = 0; s < hosts; s++) {
            Map<Integer, ResourcePath> routes = new HashMap<>();
            for (int k = 0; k < dests; k++) {
                List<Integer> chosen = new ArrayList<>();
                for (int c = 0; c < channels; c++) {
                    if (r.nextBoolean()) {
                        chosen.add(r.nextInt(chosen.size() + 1), c);
                    }
                }
                chosen.add(channels + k);
                routes.put(100 + k, ResourcePath.of(chosen.stream().mapToInt(Integer::intValue).toArray()));
                h.destinationHosts.put(channels + k, 100 + k);
            }
            h.hosts.put(s, new CrpSource(s, p, routes::get, r));
        }
        return h;
    }

    @Property(tries = 100)
    void distributedCommitsOnlyWhatGrantsCarryAndNeverOverfillsASlot(
            @ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RandomGenerator r = random(seed);
        int channels = 1 + r.nextInt(4);
        int dests = 1 + r.nextInt(4);
        long cMin = 50 + r.nextInt(200);
        long[] capacity = new long[channels + dests];
        for (int i = 0; i < capacity.length; i++) {
            capacity[i] = cMin + r.nextLong(2 * cMin + 1);
        }
        long slot = 1L << 40;
        CrpParameters p = CrpParameters.paper().toBuilder().table(4 + r.nextInt(29), cMin, SlotClock.of(slot))
                .sizes(1, cMin).epsilonPpm(r.nextInt(100_000)).eagerSlots(0).retry(30, r.nextInt(20))
                .outstanding(1 + r.nextInt(2)).build();
        CrpHarness h = fabric(r, p, capacity, channels, 1 + r.nextInt(5), true, random(seed + 1), 4);
        h.dropFrom(slot);
        Map<Integer, Long> before = new HashMap<>();
        h.resources.forEach((id, n) -> before.put(id, used(n.table())));
        int flows = 1 + r.nextInt(30);
        for (int f = 0; f < flows; f++) {
            int src = r.nextInt(h.hosts.size());
            h.send(h.hosts.get(src).submit(f, 100 + r.nextInt(dests), 1 + r.nextLong(3 * cMin), r.nextLong(1000)));
        }
        while (h.step()) {
            assertCellsInRange(h, seed);
        }
        for (ResourceNode n : h.resources.values()) {
            long seen = h.committed.getOrDefault(n.id(), 0L);
            assertThat(used(n.table()) - before.get(n.id())).as("seed %d: resource %d", seed, n.id()).isEqualTo(seen);
            assertThat(n.table().committedUnits()).isEqualTo(seen);
        }
        assertGrantsInsideTheirSlots(h, p, capacity, seed);
    }

    private static void assertGrantsInsideTheirSlots(CrpHarness h, CrpParameters p, long[] capacity, long seed) {
        SlotClock clock = p.clock();
        for (CrpMessage.Grant g : h.granted) {
            long k = clock.slotOf(g.startTick());
            long end = g.startTick() + Math.multiplyExact(g.units(), clock.slotTicks())
                    / capacity[g.path().destination()];
            assertThat(end).as("seed %d: %s sent from its timestamp at line rate ends by slot %d's end", seed, g, k + 1)
                    .isLessThanOrEqualTo(clock.startOf(k + 2));
        }
    }

    @Property(tries = 100)
    void eagerHoldsNeverLeakAndSlotsStayWithinCapacityAsTimePasses(
            @ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RandomGenerator r = random(seed);
        int channels = 1 + r.nextInt(3);
        int dests = 1 + r.nextInt(3);
        long c = 40 + r.nextInt(300);
        long[] capacity = new long[channels + dests];
        Arrays.fill(capacity, c);
        int cells = 4 + r.nextInt(13);
        int eager = r.nextInt(4);
        CrpParameters p = CrpParameters.paper().toBuilder().table(cells, c, SlotClock.of(c)).sizes(1 + c / 4, c)
                .epsilonPpm(50_000).eagerSlots(eager).ageing(r.nextInt(3), eager + r.nextInt(3))
                .retry(r.nextInt(60), r.nextInt(30)).outstanding(1 + r.nextInt(3)).build();
        CrpHarness h = fabric(r, p, capacity, channels, 1 + r.nextInt(6), false,
                r.nextBoolean() ? null : random(seed + 1), 6);
        int flows = 1 + r.nextInt(40);
        for (int f = 0; f < flows; f++) {
            int src = r.nextInt(h.hosts.size());
            h.send(h.hosts.get(src).submit(f, 100 + r.nextInt(dests), 1 + r.nextLong(3 * c),
                    r.nextLong(3L * cells * c)));
        }
        while (h.step()) {
            assertCellsInRange(h, seed);
        }
        for (ResourceNode n : h.resources.values()) {
            assertThat(n.table().heldUnits()).as("seed %d: eager holds left at resource %d", seed, n.id()).isZero();
        }
        assertGrantsInsideTheirSlots(h, p, capacity, seed);
        long requests = 0;
        long answers = h.granted.size() + h.retried.size();
        for (CrpSource s : h.hosts.values()) {
            requests += s.requestsSent();
        }
        assertThat(answers + h.dropped()).as("seed %d: every request is answered exactly once", seed)
                .isEqualTo(requests);
    }

    @Property(tries = 200)
    void centralNeverBooksASlotBeyondCapacityWithHeadroom(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RandomGenerator r = random(seed);
        int n = 2 + r.nextInt(7);
        long[] cap = new long[n];
        long min = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            long line = 100 + r.nextLong(1_900);
            double headroom = -0.2 + 0.5 * r.nextDouble();
            cap[i] = Math.max(1, (long) Math.floor(line * (1 - headroom)));
            min = Math.min(min, cap[i]);
        }
        long slot = 10 + r.nextLong(1_000);
        CrpParameters p = CrpParameters.paper().toBuilder().table(4 + r.nextInt(29), min, SlotClock.of(slot))
                .sizes(1, min).epsilonPpm(r.nextInt(200_000)).build();
        CentralReservations<Integer> c = new CentralReservations<>(p, r.nextInt(3));
        for (int i = 0; i < n; i++) {
            c.addResource(i, cap[i], 0);
        }
        Map<Long, Booking<Integer>> live = new HashMap<>();
        Map<Integer, Map<Long, Long>> ledger = new HashMap<>();
        boolean[] charged = new boolean[n];
        long now = 0;
        for (int op = 0; op < 80; op++) {
            now += r.nextLong(slot + 1);
            long current = p.clock().slotOf(now);
            int kind = r.nextInt(20);
            if (kind == 0) {
                int victim = r.nextInt(n);
                if (!c.hasResource(victim)) {
                    continue;
                }
                for (Revocation rv : c.revoke(victim, now)) {
                    Booking<Integer> b = live.remove(rv.booking());
                    for (int res : b.resources()) {
                        if (b.reserved().slot() >= current) {
                            ledger.get(res).merge(b.reserved().slot(), -b.reserved().first(), Long::sum);
                        }
                        ledger.get(res).merge(b.reserved().slot() + 1, -b.reserved().second(), Long::sum);
                    }
                }
            } else if (kind == 1) {
                List<Integer> path = List.of(r.nextInt(n));
                c.chargeUnreserved(path, 1 + r.nextLong(min), now);
                charged[path.get(0)] = true;
            } else if (kind == 2) {
                long[][] before = new long[n][];
                for (int i = 0; i < n; i++) {
                    before[i] = c.snapshot(i, now).free();
                }
                ReserveRequest<Integer> bad = switch (r.nextInt(3)) {
                    case 0 -> ReserveRequest.asap(op, n + 5, List.of(), 10);
                    case 1 -> ReserveRequest.asap(op, 0, List.of(1), -r.nextLong(5));
                    default -> new ReserveRequest<>(op, 0, List.of(List.of()), 10, current - 1 - r.nextInt(3));
                };
                assertThat(c.reserve(bad, now)).as("seed %d", seed).isInstanceOf(Decision.Refused.class);
                for (int i = 0; i < n; i++) {
                    assertThat(c.snapshot(i, now).free()).as("seed %d: a refusal changed resource %d", seed, i)
                            .containsExactly(before[i]);
                }
            } else {
                int dst = r.nextInt(n);
                List<List<Integer>> paths = new ArrayList<>();
                for (int k = 1 + r.nextInt(2); k > 0; k--) {
                    List<Integer> channels = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        if (i != dst && r.nextInt(3) == 0) {
                            channels.add(r.nextInt(channels.size() + 1), i);
                        }
                    }
                    paths.add(channels);
                }
                long units = 1 + r.nextLong(p.maxUnits());
                long notBefore = r.nextBoolean() ? ReserveRequest.ASAP : current + r.nextInt(p.cells());
                Decision d = c.reserve(new ReserveRequest<>(op, dst, paths, units, notBefore), now);
                assertThat(d).as("seed %d", seed).isNotInstanceOf(Decision.Refused.class);
                if (d instanceof Decision.Granted<?> g) {
                    @SuppressWarnings("unchecked")
                    Booking<Integer> b = (Booking<Integer>) g.booking();
                    live.put(b.id(), b);
                    assertThat(b.reserved().slot()).isGreaterThanOrEqualTo(notBefore);
                    long budget = 0;
                    for (SlotUnits s : b.budget()) {
                        long part = s.slot() == b.reserved().slot() ? b.reserved().first() : b.reserved().second();
                        assertThat(s.units()).as("seed %d: budget within the reservation", seed)
                                .isLessThanOrEqualTo(part);
                        budget += s.units();
                    }
                    assertThat(budget).isEqualTo(units);
                    for (int res : b.resources()) {
                        Map<Long, Long> l = ledger.computeIfAbsent(res, k -> new HashMap<>());
                        l.merge(b.reserved().slot(), b.reserved().first(), Long::sum);
                        l.merge(b.reserved().slot() + 1, b.reserved().second(), Long::sum);
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                ResourceSnapshot<Integer> s = c.snapshot(i, now);
                long[] free = s.free();
                for (int k = 0; k < free.length; k++) {
                    long booked = ledger.getOrDefault(i, Map.of()).getOrDefault(s.baseSlot() + k, 0L);
                    assertThat(booked).as("seed %d: resource %d slot %d booked beyond capacity %d", seed, i,
                            s.baseSlot() + k, cap[i]).isLessThanOrEqualTo(cap[i]);
                    if (charged[i]) {
                        assertThat(booked).isLessThanOrEqualTo(cap[i] - free[k]);
                    } else {
                        assertThat(booked).as("seed %d: resource %d slot %d", seed, i, s.baseSlot() + k)
                                .isEqualTo(cap[i] - free[k]);
                    }
                }
            }
        }
    }

    /** Outcome of one request in either form: the slot granted, or the retry cause. */
    private record Outcome(long slot, RetryCause cause, long startTick) {
    }

    @Property(tries = 300)
    void bothFormsAgreeWhereTheyMust(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RandomGenerator r = random(seed);
        long cap = 20 + r.nextInt(500);
        int cells = 2 + r.nextInt(15);
        int k = 1 + r.nextInt(4);
        boolean identical = r.nextInt(4) == 0;
        long[][] free = new long[k][];
        for (int i = 0; i < k; i++) {
            free[i] = identical && i > 0 ? free[0] : randomCells(r, cells, cap);
        }
        long x = 1 + r.nextLong(2 * cap);
        CrpParameters p = CrpParameters.paper().toBuilder().table(cells, cap, SlotClock.of(cap)).sizes(1, 2 * cap)
                .epsilonPpm(0).eagerSlots(0).build();
        Outcome d = distributedOutcome(p, free, x);
        CentralReservations<Integer> c = centralWith(p, free);
        List<Integer> channels = new ArrayList<>();
        for (int i = 0; i < k - 1; i++) {
            channels.add(i);
        }
        Decision central = c.reserve(ReserveRequest.asap(1, k - 1, channels, x), 0);
        String why = "seed " + seed + ": distributed " + d + ", central " + central;
        assertThat(d.cause()).as(why).isNotEqualTo(RetryCause.GRANT_CONFLICT);
        assertThat(d.cause() == RetryCause.DESTINATION_FULL)
                .as(why + ": destination full in one form iff in the other")
                .isEqualTo(central.equals(new Decision.Retry(RetryCause.DESTINATION_FULL)));
        if (d.cause() == RetryCause.NO_COMMON_SLOT) {
            assertThat(central).as(why + ": no common slot distributed, none central")
                    .isEqualTo(new Decision.Retry(RetryCause.NO_COMMON_SLOT));
        }
        if (central instanceof Decision.Granted<?> g) {
            assertThat(d.cause()).as(why + ": central's slot is feasible at every resource").isNull();
            assertThat(d.slot()).as(why + ": the distributed slot is never later").isLessThanOrEqualTo(
                    g.booking().reserved().slot());
            if (k == 1 || identical) {
                assertThat(d.slot()).as(why + ": one resource, or identical tables: the same slot")
                        .isEqualTo(g.booking().reserved().slot());
                assertThat(d.startTick()).as(why).isEqualTo(g.booking().startTick());
            }
        }
    }

    /** One request through fresh nodes with the given tables, delivered in order with nothing else in flight. */
    private static Outcome distributedOutcome(CrpParameters p, long[][] free, long x) {
        int k = free.length;
        CrpHarness h = new CrpHarness(null, 0);
        for (int i = 0; i < k; i++) {
            h.resources.put(i, new ResourceNode(i, ReservationTable.of(p.capacity(), 0, free[i]), p));
        }
        int[] path = new int[k];
        for (int i = 0; i < k; i++) {
            path[i] = i;
        }
        h.hosts.put(0, new CrpSource(0, p, d -> ResourcePath.of(path), random(0)));
        h.send(h.hosts.get(0).submit(1, 100, x, 0));
        h.run(100);
        if (!h.granted.isEmpty()) {
            CrpMessage.Grant g = h.granted.get(0);
            return new Outcome(p.clock().slotOf(g.startTick()), null, g.startTick());
        }
        return new Outcome(-1, h.retried.get(0).cause(), -1);
    }

    /** Central reservations whose tables start with the given free cells (filled by single-resource bookings). */
    private static CentralReservations<Integer> centralWith(CrpParameters p, long[][] free) {
        CentralReservations<Integer> c = new CentralReservations<>(p, 0);
        for (int i = 0; i < free.length; i++) {
            Vectors.addWithFree(c, p, i, free[i]);
        }
        return c;
    }

    @Property(tries = 100)
    void onDestinationOnlyPathsBothFormsKeepIdenticalTables(
            @ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RandomGenerator r = random(seed);
        long cap = 20 + r.nextInt(300);
        int cells = 2 + r.nextInt(15);
        int dests = 1 + r.nextInt(3);
        CrpParameters p = CrpParameters.paper().toBuilder().table(cells, cap, SlotClock.of(cap)).sizes(1, cap)
                .epsilonPpm(r.nextInt(100_000)).eagerSlots(0).retry(30, 0).outstanding(1).build();
        CentralReservations<Integer> c = new CentralReservations<>(p, 0);
        Map<Integer, ResourceNode> nodes = new HashMap<>();
        for (int i = 0; i < dests; i++) {
            c.addResource(i, cap, 0);
            nodes.put(i, new ResourceNode(i, new ReservationTable(cells, cap, 0), p));
        }
        long now = 0;
        for (int q = 0; q < 40; q++) {
            now += r.nextLong(cap);
            int dst = r.nextInt(dests);
            long data = 1 + r.nextLong(cap);
            CrpMessage.Request req = new CrpMessage.Request(new SegmentId(q, 0), 0, ResourcePath.of(dst), 0,
                    p.inflate(data), SlotVector.all(p.clock().slotOf(now), cells), List.of(), 0, now);
            CrpMessage answer = nodes.get(dst).onMessage(req, now).get(0).message();
            Decision central = c.reserve(ReserveRequest.asap(q, dst, List.of(), data), now);
            String why = "seed " + seed + " request " + q + ": " + answer + " vs " + central;
            if (answer instanceof CrpMessage.Grant g) {
                assertThat(central).as(why).isInstanceOf(Decision.Granted.class);
                Booking<?> b = ((Decision.Granted<?>) central).booking();
                assertThat(p.clock().slotOf(g.startTick())).as(why).isEqualTo(b.reserved().slot());
                assertThat(g.startTick()).as(why).isEqualTo(b.startTick());
            } else {
                assertThat(central).as(why).isEqualTo(new Decision.Retry(((CrpMessage.Retry) answer).cause()));
            }
            for (int i = 0; i < dests; i++) {
                nodes.get(i).table().advanceTo(p.clock().slotOf(now));
                assertThat(nodes.get(i).table().freeCells()).as(why + ": table %d", i)
                        .containsExactly(c.snapshot(i, now).free());
            }
        }
    }

    @Property(tries = 150)
    void everyGrantedUnitIsPacedInsideItsSlotWhateverTheClockError(
            @ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RandomGenerator r = random(seed);
        long slot = 1_000 + r.nextLong(99_000);
        SlotClock clock = SlotClock.of(slot);
        long tolerance = SlotSync.defaultTolerance(clock);
        long trueOffset = r.nextLong(2_000_000) - 1_000_000;
        long error = r.nextLong(tolerance + 1);
        long measured = trueOffset + r.nextLong(2 * error + 1) - error;
        SlotSync sync = new SlotSync(clock, new ClockOffset(measured, error, 0), 0, tolerance);
        int horizon = 4 + r.nextInt(29);
        long current = 3 + r.nextInt(10);
        SlotBudget budget = new SlotBudget(horizon);
        Map<Long, Long> granted = new HashMap<>();
        for (int g = r.nextInt(20); g >= 0; g--) {
            SlotUnits u = new SlotUnits(current + r.nextInt(horizon), 1 + r.nextLong(10_000));
            budget.add(u, current);
            granted.merge(u.slot(), u.units(), Long::sum);
        }
        List<Long> polls = new ArrayList<>();
        long t = sync.windowStart(current) - slot / 3;
        long last = sync.windowEnd(current + horizon);
        while (t < last) {
            polls.add(t);
            t += 1 + r.nextLong(slot / 7);
        }
        for (long s : granted.keySet()) {
            polls.add(sync.windowEnd(s) - 1);
        }
        polls.sort(Long::compare);
        Map<Long, Long> spent = new HashMap<>();
        for (long at : polls) {
            for (long s : granted.keySet()) {
                long a = budget.allowance(s, at, sync);
                if (a > 0) {
                    budget.spend(s, a);
                    spent.merge(s, a, Long::sum);
                    long global = at + trueOffset;
                    assertThat(clock.slotOf(global)).as("seed %d: units of slot %d sent at local %d", seed, s, at)
                            .isEqualTo(s);
                }
            }
        }
        assertThat(spent).as("seed %d: every granted unit sent, none beyond its grant", seed).isEqualTo(granted);
    }
}
