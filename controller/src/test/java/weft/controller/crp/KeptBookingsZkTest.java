package weft.controller.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static weft.controller.crp.ReservationServiceTest.H9;
import static weft.controller.crp.ReservationServiceTest.NOW;

import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.ha.NotMasterException;
import weft.controller.ha.ZkStateStore;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.SlotBytes;

/**
 * CRP bookings kept in a real ZooKeeper (curator-test's TestingServer) across a change of master: what the old
 * master kept is what the new one restores, and the old master can keep nothing once deposed (epoch fencing).
 */
class KeptBookingsZkTest {
    @Test
    @DisplayName("The old master keeps h1's grant (slot 1002, the whole link); deposed, it cannot keep another; the "
            + "new master reads the kept one back and grants h2 from slot 1003, never slot 1002 again")
    void keptAcrossFailover() throws Exception {
        try (TestingServer server = new TestingServer(true);
             CuratorFramework client = CuratorFrameworkFactory.newClient(server.getConnectString(),
                     new RetryOneTime(100))) {
            client.start();
            client.blockUntilConnected();
            client.create().creatingParentsIfNeeded().forPath("/weft/epoch", new byte[0]);
            client.setData().forPath("/weft/epoch", new byte[0]); // epoch 1: the old master's
            ReservationService old = ReservationServiceTest.service();
            KeptBookings oldKept = new KeptBookings(new ZkStateStore(client, "/weft", "/weft/epoch", () -> 1L));
            assertThat(old.reserve("h1", new ControlMessage.Reserve(1, H9, 29_100, null), NOW))
                    .isEqualTo(new ControlMessage.Grant(1, H9, 1, List.of(new SlotBytes(1002, 29_100))));
            oldKept.keep(old.bookings(NOW));

            client.setData().forPath("/weft/epoch", new byte[0]); // epoch 2: another controller is master
            old.reserve("h3", new ControlMessage.Reserve(2, H9, 100, null), NOW);
            assertThatThrownBy(() -> oldKept.keep(old.bookings(NOW))).isInstanceOf(NotMasterException.class);

            KeptBookings newKept = new KeptBookings(new ZkStateStore(client, "/weft", "/weft/epoch", () -> 2L));
            List<ReservationService.LiveBooking> found = newKept.read();
            assertThat(found).containsExactly(old.bookings(NOW).get(0));
            ReservationService next = ReservationServiceTest.service();
            assertThat(next.restore(found, NOW)).isEmpty();
            ControlMessage.Grant g = (ControlMessage.Grant) next.reserve("h2", new ControlMessage.Reserve(1, H9,
                    29_100, null), NOW);
            assertThat(g.booking()).isEqualTo(2);
            assertThat(g.budget()).isNotEmpty().allMatch(u -> u.slot() >= 1003);
            newKept.keep(next.bookings(NOW));
            assertThat(newKept.read()).extracting(ReservationService.LiveBooking::id).containsExactly(1L, 2L);
        }
    }
}
