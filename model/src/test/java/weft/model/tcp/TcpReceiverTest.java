package weft.model.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The receiver's cumulative acknowledgements and in-order delivery, hand-computed. */
class TcpReceiverTest {
    @Test
    @DisplayName("Out-of-order segments are held and delivered once the hole fills; duplicates deliver nothing")
    void reassembly() {
        TcpReceiver r = new TcpReceiver(new TcpParameters(1000, 10_000, 10, 10, 10));
        assertEquals(1000, r.receive(0, 1000));
        assertEquals(0, r.receive(2000, 1000));
        assertEquals(0, r.receive(4000, 1000));
        assertEquals(1000, r.ackNo());
        assertEquals(2000, r.heldBytes());
        assertEquals(0, r.receive(2000, 1000), "duplicate of a held segment");
        assertEquals(2000, r.receive(1000, 1000), "fills 1,000..1,999 and releases 2,000..2,999");
        assertEquals(3000, r.ackNo());
        assertEquals(0, r.receive(500, 1000), "old bytes: nothing new");
        assertEquals(2000, r.receive(3000, 1000));
        assertEquals(5000, r.ackNo());
        assertEquals(0, r.heldBytes());
    }

    @Test
    @DisplayName("Bytes beyond the advertised window are discarded")
    void window() {
        TcpReceiver r = new TcpReceiver(new TcpParameters(1000, 2000, 10, 10, 10));
        assertEquals(0, r.receive(1500, 1000));
        assertEquals(500, r.heldBytes(), "1,500..1,999 kept, 2,000..2,499 beyond the window");
        assertEquals(2000, r.receive(0, 1500));
        assertEquals(1000, r.receive(2000, 1000), "now inside the window");
    }
}
