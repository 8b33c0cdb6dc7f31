package weft.model.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class EventQueueTest {
    @Test
    @DisplayName("events of one instant run by phase, then in scheduling order")
    void phaseThenSequence() {
        EventQueue q = new EventQueue();
        q.schedule(10, 1, 7, 1, 0, 0);
        q.schedule(10, 0, 7, 2, 0, 0);
        q.schedule(5, 3, 7, 3, 0, 0);
        q.schedule(10, 0, 7, 4, 0, 0);
        List<Integer> order = new ArrayList<>();
        while (!q.isEmpty()) {
            q.pop();
            order.add(q.a());
        }
        assertThat(order).containsExactly(3, 2, 4, 1);
        assertThat(q.popped()).isEqualTo(4);
    }

    @Property(tries = 50, seed = "31")
    @Label("popping returns every event once, ordered by (time, phase, scheduling order), with its arguments")
    void matchesSortedOrder(@ForAll @IntRange(min = 1, max = 3000) int n, @ForAll long seed) {
        matchSortedOrder(n, seed, 50, 0);
    }

    @Property(tries = 50, seed = "32")
    @Label("the order holds with many events per instant and events scheduled before the last one popped")
    void matchesSortedOrderWithTies(@ForAll @IntRange(min = 1, max = 3000) int n, @ForAll long seed) {
        matchSortedOrder(n, seed, 3, 2);
    }

    /** n random schedules and pops at times now - back .. now + spread - back - 1 (never below 0). */
    private static void matchSortedOrder(int n, long seed, int spread, int back) {
        SplittableRandom r = new SplittableRandom(seed);
        EventQueue q = new EventQueue();
        List<long[]> expected = new ArrayList<>();
        int seq = 0;
        long now = 0;
        for (int i = 0; i < n; i++) {
            if (!q.isEmpty() && r.nextInt(3) == 0) {
                now = q.pop();
                long[] e = expected.remove(0);
                assertThat(new long[] {now, q.type(), q.a(), q.b(), q.c()}).containsExactly(e[0], e[2], e[4], e[5],
                        e[6]);
                continue;
            }
            long t = Math.max(0, now + r.nextInt(spread) - back);
            int phase = r.nextInt(EventQueue.PHASES);
            long[] e = {t, phase, r.nextInt(9), seq++, r.nextInt(), r.nextInt(), r.nextInt(EventQueue.MAX_C + 1)};
            q.schedule(t, phase, (int) e[2], (int) e[4], (int) e[5], (int) e[6]);
            expected.add(e);
            expected.sort(Comparator.<long[]>comparingLong(x -> x[0]).thenComparingLong(x -> x[1])
                    .thenComparingLong(x -> x[3]));
        }
        while (!q.isEmpty()) {
            long t = q.pop();
            long[] e = expected.remove(0);
            assertThat(t).isEqualTo(e[0]);
            assertThat(q.a()).isEqualTo((int) e[4]);
        }
        assertThat(expected).isEmpty();
    }
}
