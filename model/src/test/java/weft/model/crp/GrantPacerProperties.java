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
 * A VOQ sending its grants through {@link GrantPacer} on a stepped clock: a clock error within the tolerance, and a
 * host that wakes up at random times (a loaded host, late by up to a slot and a half) and then sends every packet
 * the pacer lets go at that time, as the agent's injector does. The rule of docs/crp.md §9, byte by byte: no byte of
 * a grant leaves outside its slot's send window, nor, in global time, outside its slot, except the part of a
 * straddling packet (seed 001 §2.5: a slot's last packet) taken from the next slot's budget, less than a packet,
 * which leaves in the window of the slot before; a slot's bytes never run ahead of the uniform schedule from its
 * window's start by a packet or more; and every granted byte is either sent or counted expired, none sent twice.
 */
class GrantPacerProperties {
    private static RandomGenerator random(long seed) {
        return RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
    }

    @Property(tries = 300)
    void noByteLeavesOutsideItsSlotsWindow(@ForAll @LongRange(min = 0, max = 1_000_000_000L) long seed) {
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
            long units = 1 + r.nextLong(Math.max(1, slotNanos / 500));
            grants.add(new SlotUnits(s, units));
            granted.merge(s, units, Long::sum);
        }
        assertThat(p.grant(grants, t)).isZero();
        long totalGranted = granted.values().stream().mapToLong(Long::longValue).sum();
        Map<Long, Long> left = new HashMap<>(granted);
        long sent = 0;
        long end = sync.windowEnd(current + 33);
        while (t < end) {
            while (p.ready(packet, t)) {
                long c = p.sent(packet, t);
                sent += packet;
                String at = String.format("seed %d: packet charged to slot %d at local %d (window [%d, %d))", seed,
                        c, t, sync.windowStart(c), sync.windowEnd(c));
                assertThat(t).as(at).isGreaterThanOrEqualTo(sync.windowStart(c)).isLessThan(sync.windowEnd(c));
                assertThat(clock.slotOf(t + trueOffset)).as("%s: global slot", at).isEqualTo(c);
                long own = Math.min(packet, left.getOrDefault(c, 0L));
                long borrowed = packet - own;
                assertThat(own).as("%s: some of the packet is its slot's own", at).isPositive();
                long uniformDue = Math.multiplyExact(granted.get(c), t - sync.windowStart(c))
                        / (sync.windowEnd(c) - sync.windowStart(c));
                long spentBefore = granted.get(c) - left.get(c);
                assertThat(spentBefore).as("%s: what the slot sent before is due by then", at)
                        .isLessThanOrEqualTo(uniformDue);
                left.put(c, left.get(c) - own);
                if (borrowed > 0) {
                    assertThat(borrowed).as("%s: borrowed from slot %d", at, c + 1)
                            .isLessThan(packet).isLessThanOrEqualTo(left.getOrDefault(c + 1, 0L));
                    left.put(c + 1, left.get(c + 1) - borrowed);
                }
            }
            long jump = 1 + r.nextLong(3 * slotNanos / 2);
            long next = p.readyAt(packet, t);
            t = next == Long.MAX_VALUE || r.nextInt(3) == 0 ? t + jump : Math.max(t + 1, next + r.nextLong(jump));
            if (r.nextInt(4) == 0) {
                p.expire(t); // bookkeeping only: whether and when it runs changes nothing of what may leave
            }
        }
        p.expire(end + slotNanos);
        assertThat(p.sentUnits()).isEqualTo(sent);
        assertThat(sent + p.expiredUnits()).as("seed %d: every granted byte sent or counted expired", seed)
                .isEqualTo(totalGranted);
        assertThat(left.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(p.expiredUnits());
    }
}
