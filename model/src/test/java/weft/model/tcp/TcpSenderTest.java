package weft.model.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The sender on a stepped clock; every expected value hand-computed from the rules of RFC 5681 §3.1-3.2, RFC 6582
 * §3.2 and RFC 6298 §2 and §5 with a 1,000-byte MSS (initial window: 4 segments).
 */
class TcpSenderTest {
    private static final int MSS = 1000;
    /** 3 µs initial timeout, 1 ns minimum, 10 µs maximum. */
    private static final TcpParameters P = new TcpParameters(MSS, 100_000, 3_000_000, 1_000, 10_000_000);

    private static long sendAll(TcpSender s, long now) {
        long last = -1;
        for (Segment seg = s.next(now); seg != null; seg = s.next(now)) {
            last = seg.seq();
        }
        return last;
    }

    /** At {@code now} the sender puts exactly the segments starting at {@code seqs} on the wire, in order. */
    private static void sends(TcpSender s, long now, long... seqs) {
        for (long seq : seqs) {
            Segment seg = s.next(now);
            assertEquals(seq, seg == null ? -1 : seg.seq());
        }
        assertNull(s.next(now));
    }

    /** The acknowledgement {@code ackNo} ends fast recovery and leaves {@code cwnd}. */
    private static void fullAck(TcpSender s, long ackNo, long cwnd, String why) {
        assertTrue(s.inRecovery());
        s.ack(ackNo, 50);
        assertFalse(s.inRecovery());
        assertEquals(cwnd, s.cwnd(), why);
    }

    /** A sender with 100,000 B written and its initial window (0..3,999) sent at time 0. */
    private static TcpSender started() {
        TcpSender s = new TcpSender(P);
        s.write(100_000);
        assertEquals(3000, sendAll(s, 0));
        return s;
    }

    /** Four segments acknowledged one by one: cwnd 8,000 B, 8 segments (4,000..11,999) outstanding. */
    private static TcpSender eightOutstanding() {
        TcpSender s = started();
        for (long a = 1000; a <= 4000; a += 1000) {
            s.ack(a, 10);
            sendAll(s, 10);
        }
        assertEquals(8000, s.cwnd());
        assertEquals(12_000, s.sndNxt());
        return s;
    }

    @Test
    @DisplayName("RFC 5681 §3.1: initial window of 4 segments for a 1,000 B MSS, then +1 MSS per acknowledgement")
    void slowStart() {
        TcpSender s = new TcpSender(P);
        s.write(100_000);
        for (int i = 0; i < 4; i++) {
            Segment seg = s.next(0);
            assertEquals(new Segment(i * 1000L, MSS, false), seg);
        }
        assertNull(s.next(0));
        s.ack(1000, 5);
        assertEquals(5000, s.cwnd());
        sends(s, 5, 4000, 5000);
    }

    @Test
    @DisplayName("RFC 5681 §3.1 eq. 3: congestion avoidance adds SMSS*SMSS/cwnd per acknowledgement")
    void congestionAvoidance() {
        TcpSender s = new TcpSender(P.withReceiveWindowBytes(4000));
        s.write(100_000);
        sendAll(s, 0);
        s.ack(1000, 1);
        // ssthresh = rwnd = 4,000 and cwnd 4,000: avoidance, 4,000 + 1,000*1,000/4,000 = 4,250
        assertEquals(4250, s.cwnd());
    }

    @Test
    @DisplayName("RFC 5681 §3.2 + RFC 6582: one loss of 8 in flight: ssthresh 4,000, cwnd 7,000 -> 11,000 -> 4,000")
    void fastRecoveryAfterOneLoss() {
        TcpSender s = eightOutstanding();
        // segment 4,000 lost; 5,000..11,000 arrive: seven duplicate acknowledgements of 4,000
        s.ack(4000, 20);
        s.ack(4000, 20);
        assertFalse(s.inRecovery());
        s.ack(4000, 20);
        assertTrue(s.inRecovery());
        assertEquals(4000, s.ssthresh());
        assertEquals(7000, s.cwnd());
        assertEquals(new Segment(4000, MSS, true), s.next(20));
        assertNull(s.next(20));
        for (int i = 0; i < 4; i++) {
            s.ack(4000, 21);
        }
        assertEquals(11_000, s.cwnd());
        // 12,000 + 1,000 - 4,000 = 9,000 <= 11,000, then 10,000, then 11,000: three new segments
        sends(s, 21, 12_000, 13_000, 14_000);
        // the retransmission fills the hole: 12,000 covers recover = 11,999, a full acknowledgement
        fullAck(s, 12_000, 4000, "min(ssthresh 4,000, max(FlightSize 3,000, MSS) + MSS = 4,000)");
    }

    @Test
    @DisplayName("RFC 6582 §3.2: a partial acknowledgement retransmits the next hole and deflates cwnd")
    void partialAcknowledgement() {
        TcpSender s = eightOutstanding();
        // 4,000 and 6,000 lost: 5,000, 7,000..11,000 arrive, six duplicates of 4,000
        for (int i = 0; i < 6; i++) {
            s.ack(4000, 20);
        }
        assertEquals(10_000, s.cwnd(), "7,000 + 3 further duplicates");
        sends(s, 20, 4000, 12_000, 13_000);
        s.ack(6000, 30);
        assertTrue(s.inRecovery());
        assertEquals(9000, s.cwnd(), "10,000 - 2,000 acknowledged + 1,000");
        // the hole at 6,000 first, then 14,000 + 1,000 - 6,000 = 9,000 fits
        sends(s, 30, 6000, 14_000);
        fullAck(s, 14_000, 2000, "min(4,000, max(FlightSize 1,000, MSS) + MSS)");
    }

    @Test
    @DisplayName("RFC 6298 §5 + RFC 5681 eq. 4: timeout -> cwnd 1 MSS, ssthresh 2,000, go-back-N, RTO doubles")
    void timeout() {
        TcpSender s = started();
        assertEquals(3_000_000, s.deadlinePs());
        assertFalse(s.expire(2_999_999));
        assertTrue(s.expire(3_000_000));
        assertEquals(MSS, s.cwnd());
        assertEquals(2000, s.ssthresh(), "max(FlightSize 4,000 / 2, 2 SMSS)");
        assertEquals(6_000_000, s.timer().rtoPs());
        assertEquals(9_000_000, s.deadlinePs());
        assertEquals(new Segment(0, MSS, true), s.next(3_000_000));
        assertNull(s.next(3_000_000));
        assertTrue(s.expire(9_000_000));
        assertEquals(10_000_000, s.timer().rtoPs(), "12 µs capped at the 10 µs maximum");
        assertEquals(0, s.next(9_000_000).seq());
        s.ack(1000, 9_500_000);
        assertEquals(2000, s.cwnd(), "slow start again: 1,000 + 1,000");
        assertEquals(10_000_000, s.timer().rtoPs(), "Karn: no sample from a retransmitted segment");
        assertEquals(19_500_000, s.deadlinePs(), "restarted by the new acknowledgement");
        assertEquals(new Segment(1000, MSS, true), s.next(9_500_000));
        sends(s, 9_500_000, 2000);
        assertEquals(2, s.timeouts());
    }

    @Test
    @DisplayName("RFC 6582 §3.2: duplicates below recover after a timeout do not start a fast retransmit")
    void noFastRetransmitBelowRecover() {
        TcpSender s = started();
        s.expire(3_000_000);
        s.next(3_000_000);
        for (int i = 0; i < 3; i++) {
            s.ack(0, 3_100_000);
        }
        assertFalse(s.inRecovery());
        assertEquals(0, s.fastRetransmits());
    }

    @Test
    @DisplayName("The timer stops when everything is acknowledged; an acknowledgement of unsent bytes is refused")
    void timerAndBadAck() {
        TcpSender s = new TcpSender(P.withReceiveWindowBytes(2000));
        s.write(2000);
        assertEquals(1000, sendAll(s, 0), "two segments, the second from 1,000");
        s.ack(2000, 100_000);
        assertEquals(Long.MAX_VALUE, s.deadlinePs());
        assertEquals(0, s.unacknowledged());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.ack(5000, 1));
        assertTrue(e.getMessage().contains("5000"));
        assertEquals(300_000, s.timer().rtoPs(), "first sample 100,000 ps: 100,000 + 4 * 50,000");
    }
}
