package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultEventLoop;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.agent.voq.Voq;
import weft.agent.voq.VoqTable;
import weft.model.crp.ClockOffset;
import weft.model.host.shaping.InjectionScheduler;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationBytes;
import weft.model.protocol.SlotBytes;

/**
 * CRP beside an allocator ({@code --allocate ... --reserve crp}) on one VOQ: the allocator's rate is the VOQ's own,
 * what it sends unreserved at and is charged for; while the VOQ reserves (a request out, budget to come), its grants
 * set its rate and the allocated one waits; when it stops reserving, the allocated rate is back. Slots of 100 ms with
 * a 10 ms guard, the clock offset 0 (slots counted on the agent's own clock); the periodic duties are stopped and run
 * here at chosen times.
 */
class ReservedVoqsTest {
    private static final long MS = 1_000_000L;
    private static final long ALLOCATED = 5_000_000L;
    private static final int PAYLOAD = ShimHeader.MAX_PAYLOAD; // 1,500 B on the wire
    private final DefaultEventLoop loop = new DefaultEventLoop();

    @AfterEach
    void stop() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    private <T> T on(java.util.concurrent.Callable<T> task) throws Exception {
        return loop.submit(task).get(10, TimeUnit.SECONDS);
    }

    private static void offer(Voq q, int packets) {
        for (int i = 0; i < packets; i++) {
            q.offer(Unpooled.wrappedBuffer(new byte[PAYLOAD]));
        }
    }

    @Test
    @DisplayName("Allocated 5 Mbit/s, N_min 7,275 B: 2 packets (3,000 B) go unreserved at 5 Mbit/s and are charged; "
            + "22 make a reserve of 28,500 B (N_max 29,100 B in whole 1,500 B packets) and hold the VOQ at 0 until the "
            + "grant; a grant of 15,000 B in a slot weighs it at 1.5 Mbit/s (over its 80 ms window, 8 "
            + "times for making up), not 5; expired with one packet left (below N_min), 5 again and the injector woken "
            + "for it")
    void grantsTakePrecedenceOverTheAllocatedRate() throws Exception {
        VoqTable voqs = new VoqTable(4, 1024, 1024L * 1500, 3076);
        AgentClock clock = new AgentClock();
        long start = clock.nanoTime();
        Voq q = voqs.getOrCreate(9, new InetSocketAddress("10.0.0.9", 7470), ALLOCATED, start);
        int i = q.index();
        InjectionScheduler scheduler = InjectionScheduler.create("ps", voqs.capacity());
        ReservedVoqs r = new ReservedVoqs(voqs, clock, loop, () -> { });
        List<ControlMessage> out = new CopyOnWriteArrayList<>();
        r.toController(out::add);
        r.base(i, ALLOCATED);
        r.rules(new ControlMessage.Crp(100 * MS, 32, 7_275, 29_100, 2, 10 * MS, null));
        r.clockMeasured(new ClockOffset(0, 0, start), 0);
        r.close(); // the duties run below, at chosen times
        on(() -> null);
        out.clear();
        long slot = start / (100 * MS) + 20;
        long t = start;

        offer(q, 2);
        long t1 = t;
        on(() -> r.tick(t1));
        assertThat(out).as("2 packets: below N_min, no reserve").isEmpty();
        assertThat(r.reserving(i, t1)).isNull();
        on(() -> {
            r.rates(t1, scheduler);
            return null;
        });
        assertThat(scheduler.rate(i)).as("the allocated rate").isEqualTo(ALLOCATED);
        assertThat(q.bucket().rateBitsPerSecond()).isEqualTo(ALLOCATED);
        r.unreserved(i, Injector.wireBytes(PAYLOAD));
        on(() -> r.tick(t1 + MS));
        assertThat(out).as("the unreserved packet charged").containsExactly(new ControlMessage.Charge(List.of(
                new DestinationBytes("10.0.0.9", Injector.wireBytes(PAYLOAD)))));
        out.clear();

        offer(q, 20);
        long t2 = t1 + 2 * MS;
        on(() -> r.tick(t2));
        assertThat(out).singleElement().isInstanceOfSatisfying(ControlMessage.Reserve.class, m -> {
            assertThat(m.dst()).isEqualTo("10.0.0.9");
            assertThat(m.bytes()).isEqualTo(28_500);
        });
        long id = ((ControlMessage.Reserve) out.get(0)).id();
        on(() -> {
            r.rates(t2, scheduler);
            return null;
        });
        assertThat(r.reserving(i, t2)).as("a request out: reserving").isNotNull();
        assertThat(scheduler.rate(i)).as("held until the grant, whatever the allocator says").isZero();

        r.answer(new ControlMessage.Grant(id, "10.0.0.9", 1, List.of(new SlotBytes(slot, 15_000))));
        long inWindow = slot * 100 * MS + 10 * MS;
        on(() -> {
            r.rates(inWindow, scheduler);
            return null;
        });
        assertThat(scheduler.rate(i)).as("the grant's rate, 15,000 B over 80 ms, 8 times for making up")
                .isEqualTo(8 * 1_500_000L);
        assertThat(q.bucket().rateBitsPerSecond()).as("the bucket keeps the allocated rate for later")
                .isEqualTo(ALLOCATED);

        q.clear();
        offer(q, 1);
        out.clear();
        long after = (slot + 2) * 100 * MS;
        assertThat(on(() -> r.tick(after))).as("stopped reserving with a packet left: the injector must run (its "
                + "sender may have stopped writing, and nothing else would wake it)").isTrue();
        assertThat(on(() -> r.tick(after + MS))).as("no change since: nothing to wake").isFalse();
        assertThat(out).as("one packet, below N_min: sent unreserved, not asked for").isEmpty();
        on(() -> {
            r.rates(after, scheduler);
            return null;
        });
        assertThat(r.reserving(i, after)).as("budget expired, nothing asked").isNull();
        assertThat(scheduler.rate(i)).as("the allocated rate again").isEqualTo(ALLOCATED);
        assertThat(r.report(i).expiredBytes()).isEqualTo(15_000);
    }
}
