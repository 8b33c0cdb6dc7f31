package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * A VOQ sending its grants through {@link GrantPacer}, with a clock error within the tolerance and decisions at
 * random times (a loaded host): every reserved packet lands, in global time, inside the slot its budget was charged
 * to, or in the next one when it is what that slot left at its window's end (sent late); no slot carries more than
 * its budget plus one packet; any run of slots carries no more than their budgets and the next slot's (a slot's last
 * packet may take from the next one only); nothing is sent beyond what was granted.
 */
class GrantPacerProperties {
    private static RandomGenerator random(long seed) {
        return RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
    }

    @Property(tries = 200)
    void reservedPacketsStayInsideTheirSlots(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
        RandomGenerator r = random(seed);
        long slotNanos = 1_000_000 + r.nextLong(20_000_000);
        SlotClock clock = SlotClock.of(slotNanos);
        long tolerance = SlotSync.defaultTolerance(clock);
        long trueOffset = r.nextLong(2_000_000_000L) - 1_000_000_000L;
        long error = r.nextLong(tolerance + 1);
        long measured = trueOffset + r.nextLong(2 * error + 1) - error;
        SlotSync sync = new SlotSync(clock, new ClockOffset(measured, error, 0), 0, tolerance);
        int packet = 64 + r.nextInt(1500);
        long t = 1_000 * slotNanos + r.nextLong(slotNanos);
        GrantPacer p = new GrantPacer(32, sync);
        long current = sync.slotAt(t);
        Map<Long, Long> granted = new HashMap<>();
        List<SlotUnits> grants = new ArrayList<>();
        for (int g = 1 + r.nextInt(12); g > 0; g--) {
            long s = current + 1 + r.nextInt(30);
            long units = 1 + r.nextLong(Math.max(1, slotNanos / 1000));
            grants.add(new SlotUnits(s, units));
            granted.merge(s, units, Long::sum);
        }
        p.grant(grants, t);
        long totalGranted = granted.values().stream().mapToLong(Long::longValue).sum();
        Map<Long, Long> landed = new HashMap<>();
        long sent = 0;
        long end = sync.windowEnd(current + 33);
        while (t < end) {
            if (p.ready(packet, t)) {
                long charged = p.sent(packet, t);
                sent += packet;
                long global = t + trueOffset;
                long in = clock.slotOf(global);
                assertThat(in).as("seed %d: packet charged to slot %d sent at local %d", seed, charged, t)
                        .isBetween(charged, charged + 1);
                if (in != charged) {
                    assertThat(t).as("seed %d: only what slot %d left at its window's end goes late", seed, charged)
                            .isGreaterThanOrEqualTo(sync.windowEnd(charged));
                }
                landed.merge(charged, (long) packet, Long::sum);
            }
            long next = p.readyAt(packet, t);
            long jump = 1 + r.nextLong(slotNanos / 5);
            t = next == Long.MAX_VALUE ? t + jump : Math.max(t + 1, r.nextBoolean() ? next : t + jump);
            p.expire(t);
        }
        assertThat(sent).as("seed %d: never more than granted", seed).isLessThanOrEqualTo(totalGranted);
        for (Map.Entry<Long, Long> e : landed.entrySet()) {
            long s = e.getKey();
            assertThat(e.getValue()).as("seed %d: slot %d", seed, s).isLessThan(granted.getOrDefault(s, 0L) + packet);
        }
        for (long a = current; a <= current + 33; a++) {
            long carried = 0;
            long budget = granted.getOrDefault(a, 0L);
            for (long b = a; b <= current + 33; b++) {
                carried += landed.getOrDefault(b, 0L);
                budget += granted.getOrDefault(b + 1, 0L);
                assertThat(carried).as("seed %d: slots %d..%d", seed, a, b).isLessThanOrEqualTo(budget);
            }
        }
    }
}
