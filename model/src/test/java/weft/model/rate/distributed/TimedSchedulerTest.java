package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TimedSchedulerTest {
    /** A node that records when each message reached it and sends nothing. */
    private static final class Sink implements Node<String> {
        final List<String> got = new ArrayList<>();
        final List<Long> at = new ArrayList<>();

        @Override
        public List<Envelope<String>> onMessage(String message, long nowNanos) {
            got.add(message);
            at.add(nowNanos);
            return List.of();
        }
    }

    @Test
    @DisplayName("Seed 000 Table 6.2, hand-computed: two 40 B control packets from two hosts for one output port, "
            + "sent at 0, arrive after 32 ns on the wire, 15 ns propagation and 100 ns routing (147 ns) and leave "
            + "its 60 ns processor at 207 and 267 ns, 60 ns apart")
    void twoControlPacketsQueuedAtOnePort() {
        Sink sink = new Sink();
        Map<String, Integer> linkOf = Map.of("a", 0, "b", 1);
        TimedScheduler<String> s = new TimedScheduler<>(List.of(sink), 2, 1,
                e -> new TimedScheduler.Leg(linkOf.get(e.message()), 32_000, 115_000, 0, 60_000));
        s.send(List.of(new Envelope<>(0, "a"), new Envelope<>(0, "b")));
        assertThat(s.runUntilIdle(10)).isEqualTo(2);
        assertThat(sink.got).containsExactly("a", "b");
        assertThat(sink.at).containsExactly(207L, 267L);
        assertThat(s.nowPicos()).isEqualTo(267_000);
    }

    @Test
    @DisplayName("hand-computed: two packets on one link are serialised (the second starts at 32 ns, arrives at 79 "
            + "ns, not 47), and one idle processor serves the one that waits at it at once")
    void oneLinkSerialises() {
        Sink sink = new Sink();
        TimedScheduler<String> s = new TimedScheduler<>(List.of(sink), 1, 1,
                e -> new TimedScheduler.Leg(0, 32_000, 15_000, -1, 0));
        s.send(List.of(new Envelope<>(0, "a"), new Envelope<>(0, "b")));
        s.runUntilIdle(10);
        assertThat(sink.at).containsExactly(47L, 79L);
        Sink port = new Sink();
        TimedScheduler<String> q = new TimedScheduler<>(List.of(port), 1, 1,
                e -> new TimedScheduler.Leg(0, 32_000, 115_000, 0, 60_000));
        q.send(List.of(new Envelope<>(0, "a"), new Envelope<>(0, "b")));
        q.runUntilIdle(10);
        // a: ready at 147, processed 147-207; b: on the wire 32-64, ready at 179, waits for a, processed 207-267.
        assertThat(port.at).containsExactly(207L, 267L);
    }

    @Test
    void badInputsNamed() {
        TimedScheduler<String> s = new TimedScheduler<>(List.of(new Sink()), 1, 1,
                e -> new TimedScheduler.Leg(3, 0, 0, -1, 0));
        assertThatThrownBy(() -> s.send(List.of(new Envelope<>(2, "x")))).hasMessageContaining("to node 2: outside "
                + "0..0");
        assertThatThrownBy(() -> s.send(List.of(new Envelope<>(0, "x")))).hasMessageContaining("names a link or "
                + "processor outside");
        assertThatThrownBy(() -> new TimedScheduler.Leg(0, -1, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        TimedScheduler<String> loop = new TimedScheduler<>(List.of((m, now) -> List.of(new Envelope<>(0, m))), 0, 0,
                e -> new TimedScheduler.Leg(-1, 0, 1, -1, 0));
        loop.send(List.of(new Envelope<>(0, "x")));
        assertThatThrownBy(() -> loop.runUntilIdle(100)).hasMessageContaining("still busy after 100 deliveries");
    }

    /**
     * Random nodes that answer each message with up to three new ones over random legs: every message is delivered
     * once, times never decrease, and no message arrives before its leg's transmission, latency and processing.
     */
    @Property(tries = 100, seed = "20261126")
    void everyMessageOnceAndTimeOnlyIncreases(@ForAll @IntRange(min = 1, max = 6) int count,
            @ForAll @IntRange(min = 1, max = 4) int links, @ForAll @IntRange(min = 1, max = 4) int processors,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<Integer, Long> earliest = new HashMap<>();
        Map<Integer, Integer> deliveries = new HashMap<>();
        List<Long> times = new ArrayList<>();
        List<TimedScheduler<Integer>> holder = new ArrayList<>();
        int[] next = {0};
        List<Node<Integer>> nodes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            nodes.add((m, nowNanos) -> {
                long now = holder.get(0).nowPicos();
                assertThat(now).as("message %d", m).isGreaterThanOrEqualTo(earliest.get(m));
                assertThat(nowNanos).isEqualTo(now / 1000);
                deliveries.merge(m, 1, Integer::sum);
                times.add(now);
                List<Envelope<Integer>> out = new ArrayList<>();
                for (int k = random.nextInt(4); k > 0 && next[0] < 400; k--) {
                    out.add(new Envelope<>(random.nextInt(count), next[0]++));
                }
                return out;
            });
        }
        holder.add(new TimedScheduler<>(nodes, links, processors, e -> {
            TimedScheduler.Leg leg = new TimedScheduler.Leg(random.nextInt(links + 1) - 1, random.nextInt(50_000),
                    random.nextInt(200_000), random.nextInt(processors + 1) - 1, random.nextInt(80_000));
            earliest.put(e.message(), holder.get(0).nowPicos() + leg.serialisePicos() + leg.latencyPicos()
                    + (leg.processor() < 0 ? 0 : leg.processPicos()));
            return leg;
        }));
        TimedScheduler<Integer> s = holder.get(0);
        List<Envelope<Integer>> first = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            first.add(new Envelope<>(random.nextInt(count), next[0]++));
        }
        s.send(first);
        s.runUntilIdle(10_000);
        assertThat(deliveries).hasSize(next[0]).allSatisfy((m, n) -> assertThat(n).as("message %d", m).isEqualTo(1));
        assertThat(s.delivered()).isEqualTo(next[0]);
        for (int i = 1; i < times.size(); i++) {
            assertThat(times.get(i)).isGreaterThanOrEqualTo(times.get(i - 1));
        }
    }
}
