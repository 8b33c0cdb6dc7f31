package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static weft.model.crp.Vectors.assertCells;
import static weft.model.crp.Vectors.only;
import static weft.model.crp.Vectors.vector;

import java.util.List;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.crp.CrpMessage.Grant;
import weft.model.crp.CrpMessage.Request;
import weft.model.crp.CrpMessage.Retry;
import weft.model.crp.CrpSource.Transmit;

/** The paper's distributed protocol: {@link ResourceNode}s and {@link CrpSource}s driven message by message. */
class DistributedCrpTest {
    private static final RandomGenerator RANDOM = RandomGeneratorFactory.of("L64X128MixRandom").create(1);

    private static ResourceNode node(int id, CrpParameters p, long... free) {
        return new ResourceNode(id, ReservationTable.of(p.capacity(), 0, free), p);
    }

    private static CrpSource source(int host, CrpParameters p, int... path) {
        return new CrpSource(host, p, d -> ResourcePath.of(path), RANDOM);
    }

    @Test
    @DisplayName("Seed 001 Fig. 4/5 (hand-computed Test A, distributed): vector TTTFFF, slot B, GRANT 984, "
            + "D = [30,0,60,512,100,512], K = [512,0,30,0,10,50]")
    void testA() {
        CrpParameters p = Vectors.params(6, 512);
        ResourceNode k = node(0, p, 512, 10, 100, 0, 10, 50);
        ResourceNode d = node(1, p, 30, 40, 100, 512, 100, 512);
        CrpSource s = source(7, p, 0, 1);
        Outbound req = only(s.submit(1, 9, 80, 0));
        assertThat(req.to()).isEqualTo(Address.resource(0));
        assertThat(((Request) req.message()).units()).isEqualTo(80);

        Outbound atK = only(k.onMessage(req.message(), 1));
        assertThat(atK.to()).isEqualTo(Address.resource(1));
        assertThat(((Request) atK.message()).vector()).isEqualTo(vector(0, "TTTFFF"));
        assertCells(k.table(), 512, 10, 100, 0, 10, 50);

        Outbound atD = only(d.onMessage(atK.message(), 2));
        Grant g = (Grant) atD.message();
        assertThat(atD.to()).isEqualTo(Address.resource(0));
        assertThat(g.startTick()).as("512 + 512 - 40").isEqualTo(984);
        assertThat(g.units()).isEqualTo(80);
        assertCells(d.table(), 30, 0, 60, 512, 100, 512);

        Outbound back = only(k.onMessage(g, 3));
        assertThat(back.to()).isEqualTo(Address.host(7));
        assertCells(k.table(), 512, 0, 30, 0, 10, 50);

        assertThat(s.onMessage(back.message(), 4)).isEmpty();
        assertThat(s.grantsReceived()).isEqualTo(1);
        assertThat(s.readyAt(9, 4)).as("granted data waits for its timestamp").isEqualTo(984);
        assertThat(s.pull(9, 983, 32)).isNull();
        assertThat(s.pull(9, 984, 32)).isEqualTo(new Transmit(new SegmentId(1, 0), CrpClass.DATA, 32));
    }

    @Test
    @DisplayName("Hand-computed Test B (distributed): both destinations grant slot 0, the second grant becomes a "
            + "retry at L, D2 keeps its orphaned 150, the re-request gets GRANT 150")
    void testB() {
        CrpParameters p = Vectors.params(4, 100);
        ResourceNode l = node(0, p, 100, 100, 100, 100);
        ResourceNode d1 = node(1, p, 100, 100, 100, 100);
        ResourceNode d2 = node(2, p, 100, 100, 100, 100);
        CrpSource s1 = source(11, p, 0, 1);
        CrpSource s2 = source(12, p, 0, 2);
        Outbound r1 = only(s1.submit(1, 21, 150, 0));
        Outbound r2 = only(s2.submit(2, 22, 150, 0));
        Outbound a1 = only(l.onMessage(r1.message(), 1));
        Outbound a2 = only(l.onMessage(r2.message(), 1));
        assertThat(((Request) a1.message()).vector()).isEqualTo(vector(0, "TTTF"));
        assertThat(((Request) a2.message()).vector()).isEqualTo(vector(0, "TTTF"));
        Grant g1 = (Grant) only(d1.onMessage(a1.message(), 2)).message();
        Grant g2 = (Grant) only(d2.onMessage(a2.message(), 2)).message();
        assertThat(g1.startTick()).isZero();
        assertThat(g2.startTick()).isZero();
        assertCells(d2.table(), 0, 50, 100, 100);

        Outbound b1 = only(l.onMessage(g1, 3));
        assertThat(b1.message()).isInstanceOf(Grant.class);
        assertCells(l.table(), 0, 50, 100, 100);
        Outbound b2 = only(l.onMessage(g2, 3));
        assertThat(b2.to()).isEqualTo(Address.host(12));
        assertThat(((Retry) b2.message()).cause()).isEqualTo(RetryCause.GRANT_CONFLICT);
        assertCells(l.table(), 0, 50, 100, 100);
        assertCells(d2.table(), 0, 50, 100, 100);

        assertThat(s1.onMessage(b1.message(), 4)).isEmpty();
        Outbound again = only(s2.onMessage(b2.message(), 5));
        assertThat(again.at()).as("R_cycles = 30 after the retry").isEqualTo(35);
        Request re = (Request) again.message();
        assertThat(re.attempt()).isEqualTo(1);
        Outbound a = only(l.onMessage(re, 35));
        assertThat(((Request) a.message()).vector()).isEqualTo(vector(0, "FTTF"));
        Grant g = (Grant) only(d2.onMessage(a.message(), 36)).message();
        assertThat(g.startTick()).as("100 + 100 - 50").isEqualTo(150);
        assertCells(d2.table(), 0, 0, 0, 100);
        Outbound b = only(l.onMessage(g, 37));
        assertThat(b.message()).isInstanceOf(Grant.class);
        assertCells(l.table(), 0, 0, 0, 100);
        assertThat(s2.onMessage(b.message(), 38)).isEmpty();

        assertThat(s2.requestsSent()).isEqualTo(2);
        assertThat(s2.retriesReceived(RetryCause.GRANT_CONFLICT)).isEqualTo(1);
        assertThat(s2.grantsReceived()).isEqualTo(1);
        assertThat(l.conversions()).isEqualTo(1);
        assertCells(d1.table(), 0, 50, 100, 100);
    }

    @Test
    @DisplayName("Hand-computed Test C1 (distributed): A = [10,100,..], B = [100,10,..]: GRANT 0, B = [20,10,100,100],"
            + " A = [0,30,100,100]")
    void testC1() {
        CrpParameters p = Vectors.params(4, 100);
        ResourceNode a = node(0, p, 10, 100, 100, 100);
        ResourceNode b = node(1, p, 100, 10, 100, 100);
        CrpSource s = source(5, p, 0, 1);
        Outbound r = only(a.onMessage(only(s.submit(1, 6, 80, 0)).message(), 1));
        assertThat(((Request) r.message()).vector()).isEqualTo(vector(0, "TTTT"));
        Grant g = (Grant) only(b.onMessage(r.message(), 2)).message();
        assertThat(g.startTick()).isZero();
        assertCells(b.table(), 20, 10, 100, 100);
        assertThat(only(a.onMessage(g, 3)).message()).isInstanceOf(Grant.class);
        assertCells(a.table(), 0, 30, 100, 100);
    }

    @Test
    @DisplayName("Hand-computed Test C2: destination [0,0,30,0] has no slot for 80: RETRY_FULL, re-request after "
            + "V x C - RTT = 400 - 50, table unchanged")
    void testC2() {
        CrpParameters p = Vectors.params(4, 100);
        ResourceNode d = node(0, p, 0, 0, 30, 0);
        CrpSource s = source(5, p, 0);
        Outbound r = only(s.submit(1, 6, 80, 0));
        Outbound back = only(d.onMessage(r.message(), 25));
        assertThat(back.to()).isEqualTo(Address.host(5));
        assertThat(((Retry) back.message()).cause()).isEqualTo(RetryCause.DESTINATION_FULL);
        assertCells(d.table(), 0, 0, 30, 0);
        Outbound again = only(s.onMessage(back.message(), 50));
        assertThat(again.at()).as("50 + 350").isEqualTo(400);
        assertThat(s.retriesReceived(RetryCause.DESTINATION_FULL)).isEqualTo(1);
        assertThat(d.retries(RetryCause.DESTINATION_FULL)).isEqualTo(1);
    }

    @Test
    @DisplayName("Hand-computed Test C3: destination [0,50,50,0] with vector TFFT: RETRY_BUSY after R_cycles = 30, "
            + "table unchanged")
    void testC3() {
        CrpParameters p = Vectors.params(4, 100);
        ResourceNode channel = node(3, p, 100, 0, 0, 100);
        ResourceNode d = node(0, p, 0, 50, 50, 0);
        CrpSource s = source(5, p, 3, 0);
        Outbound r = only(channel.onMessage(only(s.submit(1, 6, 80, 0)).message(), 1));
        assertThat(((Request) r.message()).vector()).isEqualTo(vector(0, "TFFT"));
        Outbound back = only(d.onMessage(r.message(), 2));
        assertThat(((Retry) back.message()).cause()).isEqualTo(RetryCause.NO_COMMON_SLOT);
        assertCells(d.table(), 0, 50, 50, 0);
        Outbound toSource = only(channel.onMessage(back.message(), 3));
        assertThat(toSource.to()).isEqualTo(Address.host(5));
        assertThat(only(s.onMessage(toSource.message(), 4)).at()).isEqualTo(34);
        assertCells(channel.table(), 100, 0, 0, 100);
    }

    @Test
    @DisplayName("Hand-computed Test D: the slot boundary passes between K and D; the vector shifts, the grant is "
            + "still 984 and K ends as Test A's shifted by one")
    void testD() {
        CrpParameters p = Vectors.params(6, 512);
        ResourceNode k = node(0, p, 512, 10, 100, 0, 10, 50);
        ResourceNode d = node(1, p, 30, 40, 100, 512, 100, 512);
        CrpSource s = source(7, p, 0, 1);
        Outbound atK = only(k.onMessage(only(s.submit(1, 9, 80, 0)).message(), 10));
        assertThat(((Request) atK.message()).vector()).isEqualTo(vector(0, "TTTFFF"));
        Grant g = (Grant) only(d.onMessage(atK.message(), 520)).message();
        assertThat(g.startTick()).as("1 x 512 + 512 - 40").isEqualTo(984);
        assertThat(d.table().baseSlot()).isEqualTo(1);
        assertCells(d.table(), 0, 60, 512, 100, 512, 512);
        assertThat(only(k.onMessage(g, 600)).message()).isInstanceOf(Grant.class);
        assertCells(k.table(), 0, 30, 0, 10, 50, 512);
    }

    @Test
    @DisplayName("Seed 001 §2.4 eager reservation (hand-computed on Test B with R_res = 1): f1 holds slot 0 and f2 "
            + "slot 1 at L, both grants convert their holds, no retry, L = [0,0,0,100]")
    void eagerAvoidsTheConflict() {
        CrpParameters p = Vectors.params(4, 100).toBuilder().eagerSlots(1).build();
        ResourceNode l = node(0, p, 100, 100, 100, 100);
        ResourceNode d1 = node(1, p, 100, 100, 100, 100);
        ResourceNode d2 = node(2, p, 100, 100, 100, 100);
        Request a1 = (Request) only(l.onMessage(only(source(11, p, 0, 1).submit(1, 21, 150, 0)).message(), 1))
                .message();
        assertThat(a1.eager()).containsExactly(0L);
        assertCells(l.table(), 0, 50, 100, 100);
        Request a2 = (Request) only(l.onMessage(only(source(12, p, 0, 2).submit(2, 22, 150, 0)).message(), 1))
                .message();
        assertThat(a2.vector()).isEqualTo(vector(0, "FTTF"));
        assertThat(a2.eager()).containsExactly(1L);
        assertCells(l.table(), 0, 0, 0, 100);
        Grant g1 = (Grant) only(d1.onMessage(a1, 2)).message();
        Grant g2 = (Grant) only(d2.onMessage(a2, 2)).message();
        assertThat(g1.startTick()).isZero();
        assertThat(g2.startTick()).as("the held slot 1: 100 + 100 - 100").isEqualTo(100);
        assertCells(d2.table(), 100, 0, 50, 100);
        assertThat(only(l.onMessage(g1, 3)).message()).isInstanceOf(Grant.class);
        assertThat(only(l.onMessage(g2, 3)).message()).isInstanceOf(Grant.class);
        assertCells(l.table(), 0, 0, 0, 100);
        assertThat(l.table().heldUnits()).isZero();
        assertThat(l.table().committedUnits()).isEqualTo(300);
        assertThat(l.conversions()).isZero();
    }

    @Test
    @DisplayName("A retry releases the eager holds it passes (decision: else they stay until their slot ends)")
    void retryReleasesHolds() {
        CrpParameters p = Vectors.params(4, 100).toBuilder().eagerSlots(2).build();
        ResourceNode l = node(0, p, 100, 100, 100, 100);
        ResourceNode d = node(1, p, 0, 0, 0, 0);
        CrpSource s = source(3, p, 0, 1);
        Request a = (Request) only(l.onMessage(only(s.submit(1, 4, 100, 0)).message(), 1)).message();
        assertThat(a.eager()).as("two request sizes held, slots 0 and 1").containsExactly(0L, 1L);
        assertCells(l.table(), 0, 0, 100, 100);
        Retry r = (Retry) only(d.onMessage(a, 2)).message();
        assertThat(r.cause()).isEqualTo(RetryCause.DESTINATION_FULL);
        only(l.onMessage(r, 3));
        assertCells(l.table(), 100, 100, 100, 100);
        assertThat(l.table().heldUnits()).isZero();
    }

    @Test
    @DisplayName("Seed 001 §2.5 (SRP order): speculate while the request is out, stop at a NACK, resend the dropped "
            + "units and the rest as granted data at the timestamp")
    void speculation() {
        CrpParameters p = Vectors.params(6, 512);
        CrpSource s = source(7, p, 0, 1);
        SegmentId id = new SegmentId(1, 0);
        s.submit(1, 9, 80, 0);
        assertThat(s.readyAt(9, 1)).isEqualTo(1);
        assertThat(s.peek(9, 1)).as("peek takes nothing").isEqualTo(CrpClass.SPECULATIVE);
        assertThat(s.peek(8, 1)).isNull();
        assertThat(s.pull(9, 1, 32)).isEqualTo(new Transmit(id, CrpClass.SPECULATIVE, 32));
        assertThat(s.pull(9, 2, 32)).isEqualTo(new Transmit(id, CrpClass.SPECULATIVE, 32));
        assertThat(s.onMessage(new CrpMessage.Nack(id, 7, 32), 50)).isEmpty();
        assertThat(s.peek(9, 51)).isNull();
        assertThat(s.pull(9, 51, 32)).as("a NACK stops speculation").isNull();
        s.onMessage(new CrpMessage.Ack(id, 7, 32), 52);
        assertThat(s.backlog(9)).as("16 unsent + 32 to resend").isEqualTo(48);
        s.onMessage(new Grant(id, 7, ResourcePath.of(0, 1), -1, 100, 80, 0), 60);
        assertThat(s.readyAt(9, 60)).isEqualTo(100);
        assertThat(s.peek(9, 99)).as("granted data waits for its timestamp").isNull();
        assertThat(s.peek(9, 100)).isEqualTo(CrpClass.DATA);
        assertThat(s.pull(9, 100, 32)).isEqualTo(new Transmit(id, CrpClass.DATA, 32));
        assertThat(s.pull(9, 101, 32)).isEqualTo(new Transmit(id, CrpClass.DATA, 16));
        assertThat(s.pull(9, 102, 32)).isNull();
        assertThat(s.backlog(9)).isZero();
        assertThat(s.speculativeSent()).isEqualTo(64);
        assertThat(s.speculativeNacked()).isEqualTo(32);
        assertThat(s.speculativeAcked()).isEqualTo(32);
        assertThatThrownBy(() -> s.onMessage(new CrpMessage.Ack(id, 7, 1), 103)).hasMessageContaining("unknown");
    }

    @Test
    @DisplayName("Seed 001 §2.5: a flow below N_min goes at once as unreserved data; a speculative segment all "
            + "acknowledged before its grant leaves the grant unused")
    void smallFlowsAndUnusedGrants() {
        CrpParameters p = CrpParameters.paper();
        CrpSource s = new CrpSource(1, p, d -> ResourcePath.of(0, 2), RANDOM);
        assertThat(s.submit(5, 2, 96, 0)).as("3 packets: no request").isEmpty();
        assertThat(s.pull(2, 0, 32)).isEqualTo(new Transmit(new SegmentId(5, 0), CrpClass.DATA, 32));
        s.pull(2, 1, 64);
        List<Outbound> req = s.submit(6, 2, 128, 2);
        assertThat(((Request) only(req).message()).units()).as("128 flits with eps 5%").isEqualTo(135);
        SegmentId id = new SegmentId(6, 0);
        assertThat(s.pull(2, 3, 128)).isEqualTo(new Transmit(id, CrpClass.SPECULATIVE, 128));
        s.onMessage(new CrpMessage.Ack(id, 1, 128), 10);
        assertThat(s.backlog(2)).isZero();
        assertThat(s.onMessage(new Grant(id, 1, ResourcePath.of(0, 2), -1, 300, 135, 0), 20)).isEmpty();
        assertThat(s.staleResponses()).isEqualTo(1);
        assertThat(s.grantsReceived()).isZero();
    }

    @Test
    @DisplayName("A source keeps at most 'outstanding' segments reserving per destination, each from its request "
            + "until its data has gone (SRP's flow buffers): a grant alone does not let the next one request, sending "
            + "the granted data does")
    void outstandingRequests() {
        CrpParameters p = Vectors.params(4, 100);
        CrpSource s = source(1, p, 0);
        assertThat(s.submit(1, 2, 50, 0)).hasSize(1);
        assertThat(s.submit(2, 2, 50, 0)).isEmpty();
        assertThat(s.submit(3, 3, 50, 0)).as("another destination").hasSize(1);
        assertThat(s.onMessage(new Grant(new SegmentId(2, 0), 1, ResourcePath.of(0), -1, 0, 50, 0), 5))
                .as("a grant for a segment that never asked").isEmpty();
        assertThat(s.onMessage(new Grant(new SegmentId(1, 0), 1, ResourcePath.of(0), -1, 20, 50, 0), 5))
                .as("granted, its data not sent yet").isEmpty();
        assertThat(s.staleResponses()).isEqualTo(1);
        assertThat(s.requests(2, 10)).as("before its slot").isEmpty();
        assertThat(s.pull(2, 20, 30)).isEqualTo(new Transmit(new SegmentId(1, 0), CrpClass.DATA, 30));
        assertThat(s.requests(2, 20)).as("20 units still to send").isEmpty();
        assertThat(s.pull(2, 21, 30)).isEqualTo(new Transmit(new SegmentId(1, 0), CrpClass.DATA, 20));
        List<Outbound> next = s.requests(2, 22);
        assertThat(((Request) only(next).message()).segment()).isEqualTo(new SegmentId(2, 0));
        assertThat(s.requests(2, 23)).as("asked once").isEmpty();
    }

    @Test
    void misaddressedMessagesAreErrors() {
        CrpParameters p = Vectors.params(4, 100);
        ResourceNode n = node(0, p, 100, 100, 100, 100);
        Request r = new Request(new SegmentId(1, 0), 1, ResourcePath.of(1, 0), 0, 10, SlotVector.all(0, 4),
                List.of(), 0, 0);
        assertThatThrownBy(() -> n.onMessage(r, 0)).hasMessageContaining("addressed to resource 1");
        assertThatThrownBy(() -> n.onMessage(new CrpMessage.Ack(new SegmentId(1, 0), 1, 5), 0))
                .hasMessageContaining("not addressed to a resource");
        assertThatThrownBy(() -> source(1, p, 0).submit(1, 1, 10, 0)).hasMessageContaining("to itself");
        assertThatThrownBy(() -> new ResourceNode(0, new ReservationTable(5, 100, 0), p))
                .hasMessageContaining("5 cells");
    }
}
