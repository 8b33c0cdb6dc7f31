package weft.model.host.voq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.host.shaping.TokenBucket;

class VirtualOutputQueueTest {
    private static VirtualOutputQueue<String> queue(int packets, long bytes) {
        return new VirtualOutputQueue<>(0, 7, packets, bytes, new TokenBucket(1_000_000_000L, 1538, 0));
    }

    @Test
    @DisplayName("Seed 004 §4.1: a VOQ is a FIFO that tail-drops when its packet bound is reached")
    void fifoAndTailDropByPackets() {
        VirtualOutputQueue<String> q = queue(2, 10_000);
        assertThat(q.offer("a", 100, 0)).isTrue();
        assertThat(q.offer("b", 200, 1)).isTrue();
        assertThat(q.offer("c", 300, 0)).isFalse();
        assertThat(q.droppedPackets()).isEqualTo(1);
        assertThat(q.enqueuedPackets()).isEqualTo(2);
        assertThat(q.backlogBytes()).isEqualTo(300);
        assertThat(q.headBytes()).isEqualTo(100);
        assertThat(q.headKind()).isZero();
        assertThat(q.poll()).isEqualTo("a");
        assertThat(q.headBytes()).isEqualTo(200);
        assertThat(q.headKind()).isEqualTo(1);
        assertThat(q.poll()).isEqualTo("b");
        assertThat(q.headBytes()).isZero();
        assertThat(q.backlogBytes()).isZero();
        assertThatThrownBy(q::poll).isInstanceOf(IllegalStateException.class).hasMessageContaining("voq 7");
    }

    @Test
    @DisplayName("Seed 004 §4.1: the byte bound drops a packet that would overflow it, a smaller one still fits")
    void tailDropByBytes() {
        VirtualOutputQueue<String> q = queue(10, 1000);
        assertThat(q.offer("a", 900, 0)).isTrue();
        assertThat(q.hasRoom(1, 200)).isFalse();
        assertThat(q.offer("b", 200, 0)).isFalse();
        assertThat(q.hasRoom(1, 100)).isTrue();
        assertThat(q.offer("c", 100, 0)).isTrue();
        assertThat(q.sizePackets()).isEqualTo(2);
        assertThat(q.droppedPackets()).isEqualTo(1);
    }

    @Test
    @DisplayName("Sequence numbers are taken at departure, 0, 1, 2, ..., and sent bytes are the wire bytes")
    void stampSent() {
        VirtualOutputQueue<String> q = queue(4, 10_000);
        assertThat(q.stampSent(1500)).isZero();
        assertThat(q.stampSent(84)).isEqualTo(1);
        assertThat(q.sentPackets()).isEqualTo(2);
        assertThat(q.sentBytes()).isEqualTo(1584);
    }

    @Test
    void configureCopiesTags() {
        VirtualOutputQueue<String> q = queue(4, 10_000);
        int[] tags = {5001, 5002};
        q.configure(3, tags, "rr", true);
        tags[0] = 0;
        assertThat(q.tags()).containsExactly(5001, 5002);
        assertThat(q.tenant()).isEqualTo(3);
        assertThat(q.policy()).isEqualTo("rr");
        assertThat(q.manual()).isTrue();
    }

    /**
     * Offers (sizes >= 0) and polls (-1) against a reference deque with the same bounds, on an object queue and on an
     * int-handle queue (whose ring grows from 4 slots) side by side.
     */
    @Property
    void behavesAsABoundedDeque(@ForAll @Size(max = 200) List<@IntRange(min = -1, max = 1500) Integer> ops,
                                @ForAll @IntRange(min = 1, max = 20) int capacityPackets,
                                @ForAll @IntRange(min = 1, max = 15_000) int capacityBytes) {
        VirtualOutputQueue<Integer> q =
                new VirtualOutputQueue<>(1, 2, capacityPackets, capacityBytes, new TokenBucket(1, 1538, 0));
        VirtualOutputQueue<Void> ints = VirtualOutputQueue.ofHandles(1, 2, capacityPackets, capacityBytes, null);
        ArrayDeque<Integer> model = new ArrayDeque<>();
        long bytes = 0;
        long dropped = 0;
        for (int op : ops) {
            if (op < 0) {
                if (!model.isEmpty()) {
                    int expected = model.poll();
                    assertThat(q.headBytes()).isEqualTo(expected);
                    assertThat(q.poll()).isEqualTo(expected);
                    assertThat(ints.headBytes()).isEqualTo(expected);
                    assertThat(ints.pollHandle()).isEqualTo(expected);
                    bytes -= expected;
                }
            } else {
                boolean fits = model.size() < capacityPackets && bytes + op <= capacityBytes;
                assertThat(q.offer(op, op, 0)).isEqualTo(fits);
                assertThat(ints.offerHandle(op, op, 0)).isEqualTo(fits);
                if (fits) {
                    model.add(op);
                    bytes += op;
                } else {
                    dropped++;
                }
            }
            assertThat(q.sizePackets()).isEqualTo(model.size());
            assertThat(q.backlogBytes()).isEqualTo(bytes);
            assertThat(q.droppedPackets()).isEqualTo(dropped);
            assertThat(ints.sizePackets()).isEqualTo(model.size());
            assertThat(ints.backlogBytes()).isEqualTo(bytes);
            assertThat(ints.droppedPackets()).isEqualTo(dropped);
        }
    }

    @Test
    @DisplayName("A queue of int handles keeps the same FIFO and bounds, grows its ring, and refuses object calls")
    void intHandles() {
        VirtualOutputQueue<Void> q = VirtualOutputQueue.ofHandles(0, 7, 10, 100_000, null);
        assertThat(q.headHandle()).isEqualTo(-1);
        for (int i = 0; i < 10; i++) {
            assertThat(q.offerHandle(100 + i, 1000 + i, 0)).isTrue();
        }
        assertThat(q.offerHandle(999, 1, 0)).isFalse();
        assertThat(q.droppedPackets()).isEqualTo(1);
        assertThat(q.headHandle()).isEqualTo(100);
        assertThat(q.pollHandle()).isEqualTo(100);
        assertThat(q.offerHandle(110, 1, 0)).isTrue();
        for (int i = 1; i <= 10; i++) {
            assertThat(q.headBytes()).isEqualTo(i == 10 ? 1 : 1000 + i);
            assertThat(q.pollHandle()).isEqualTo(100 + i);
        }
        assertThat(q.backlogBytes()).isZero();
        assertThatThrownBy(q::pollHandle).isInstanceOf(IllegalStateException.class).hasMessageContaining("voq 7");
        assertThatThrownBy(() -> q.offer(null, 1, 0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("offerHandle");
        assertThatThrownBy(() -> queue(2, 100).offerHandle(1, 1, 0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("takes offer");
    }
}
