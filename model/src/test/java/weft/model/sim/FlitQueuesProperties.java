package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The packet queues of the switch models ({@link FlitQueues}) against {@link ArrayDeque}s. */
class FlitQueuesProperties {
    @Test
    @DisplayName("records leave in the order they came; the first into an empty queue is its front; a record put "
            + "back is the front again; a record that left has no successor")
    void order() {
        Flits flits = new Flits();
        int a = flits.allocate();
        int b = flits.allocate();
        FlitQueues q = new FlitQueues(2);
        assertThat(q.front(1)).isEqualTo(-1);
        assertThat(q.append(flits, 1, a)).isTrue();
        assertThat(q.append(flits, 1, b)).isFalse();
        assertThat(q.front(0)).isEqualTo(-1);
        assertThat(q.pop(flits, 1)).isEqualTo(a);
        assertThat(flits.next(a)).isEqualTo(-1);
        q.pushFront(flits, 1, a);
        assertThat(q.front(1)).isEqualTo(a);
        assertThat(q.pop(flits, 1)).isEqualTo(a);
        assertThat(q.pop(flits, 1)).isEqualTo(b);
        assertThat(q.front(1)).isEqualTo(-1);
        assertThat(q.append(flits, 1, b)).isTrue();
    }

    @Property(tries = 200, seed = "17")
    @Label("any sequence of appends, pops and put-backs over several queues leaves every queue holding what a deque "
            + "would, front first")
    void behavesAsDeques(@ForAll @IntRange(min = 1, max = 5) int count, @ForAll @LongRange(min = 1, max = 1 << 20)
            long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Flits flits = new Flits();
        FlitQueues q = new FlitQueues(count);
        List<ArrayDeque<Integer>> model = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            model.add(new ArrayDeque<>());
        }
        for (int step = 0; step < 300; step++) {
            int i = rnd.nextInt(count);
            ArrayDeque<Integer> m = model.get(i);
            int op = rnd.nextInt(3);
            if (op == 0 || m.isEmpty()) {
                int f = flits.allocate();
                assertThat(q.append(flits, i, f)).isEqualTo(m.isEmpty());
                m.addLast(f);
            } else if (op == 1) {
                assertThat(q.pop(flits, i)).isEqualTo(m.removeFirst());
            } else {
                int f = q.pop(flits, i);
                q.pushFront(flits, i, f);
            }
            for (int k = 0; k < count; k++) {
                assertThat(q.front(k)).isEqualTo(model.get(k).isEmpty() ? -1 : model.get(k).peekFirst());
            }
        }
        for (int k = 0; k < count; k++) {
            List<Integer> drained = new ArrayList<>();
            for (int f = q.front(k); f >= 0; f = flits.next(f)) {
                drained.add(f);
            }
            assertThat(drained).containsExactlyElementsOf(model.get(k));
        }
    }
}
