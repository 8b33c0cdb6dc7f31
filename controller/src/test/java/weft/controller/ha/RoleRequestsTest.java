package weft.controller.ha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFControllerRole;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFRoleRequest;
import org.projectfloodlight.openflow.protocol.OFRoleRequestFailedCode;
import org.projectfloodlight.openflow.protocol.OFType;
import org.projectfloodlight.openflow.types.OFErrorCauseData;
import org.projectfloodlight.openflow.types.U64;
import weft.controller.openflow.SwitchSession;
import weft.controller.testing.EmbeddedSession;

/** {@link RoleRequests} and {@link SwitchRoles} against OpenFlow 1.3.5 §6.3.5 and §7.3.9. */
class RoleRequestsTest {
    private static final OFFactory F = SwitchSession.F;
    /** A session handshaken with a switch, for the tests that go through one. */
    private final EmbeddedSession sw = EmbeddedSession.ready(0x7d01L);

    @Test
    @DisplayName("OpenFlow 1.3.5 §7.3.9: ROLE_REQUEST is type 24, 24 bytes, role then 4 pad bytes then generation id")
    void wireLayout() {
        ByteBuf wire = Unpooled.buffer();
        RoleRequests.request(Mastership.Role.MASTER, 0x0102030405060708L).writeTo(wire);
        assertThat(wire.readableBytes()).isEqualTo(24);
        assertThat(wire.getByte(0)).isEqualTo((byte) 0x04);
        assertThat(wire.getByte(1)).as("OFPT_ROLE_REQUEST").isEqualTo((byte) 24);
        assertThat(wire.getShort(2)).isEqualTo((short) 24);
        assertThat(wire.getInt(8)).as("OFPCR_ROLE_MASTER").isEqualTo(2);
        assertThat(wire.getLong(16)).isEqualTo(0x0102030405060708L);
        wire.clear();
        RoleRequests.request(Mastership.Role.STANDBY, 3).writeTo(wire);
        assertThat(wire.getInt(8)).as("OFPCR_ROLE_SLAVE").isEqualTo(3);
        wire.release();
    }

    @Test
    @DisplayName("a negative epoch is refused before it reaches a switch")
    void negativeEpoch() {
        assertThatThrownBy(() -> RoleRequests.request(Mastership.Role.MASTER, -1))
                .hasMessageContaining("epoch must be >= 0");
    }

    @Test
    @DisplayName("OpenFlow 1.3.5 §6.3.5: stale means (int64)(generation - cached) < 0, so the counter may wrap")
    void staleComparison() {
        assertThat(RoleRequests.stale(5, 4)).isTrue();
        assertThat(RoleRequests.stale(5, 5)).isFalse();
        assertThat(RoleRequests.stale(5, 6)).isFalse();
        assertThat(RoleRequests.stale(Long.MAX_VALUE, Long.MIN_VALUE)).as("wrapped forward by one").isFalse();
        assertThat(RoleRequests.stale(Long.MIN_VALUE, Long.MAX_VALUE)).isTrue();
    }

    @Property
    void aNewerEpochIsNeverStale(@ForAll long cached, @ForAll("steps") long step) {
        assertThat(RoleRequests.stale(cached, cached + step)).isFalse();
        assertThat(RoleRequests.stale(cached + step, cached)).isEqualTo(step != 0);
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Long> steps() {
        return net.jqwik.api.Arbitraries.longs().between(0, Long.MAX_VALUE);
    }

    @Test
    @DisplayName("a reply with another role, and a STALE error, are refusals naming the switch and the generation")
    void check() {
        RoleRequests.check("s1", Mastership.Role.MASTER, 4, F.buildRoleReply().setRole(OFControllerRole.ROLE_MASTER)
                .setGenerationId(U64.of(4)).build());
        assertThatThrownBy(() -> RoleRequests.check("s1", Mastership.Role.MASTER, 4, F.buildRoleReply()
                .setRole(OFControllerRole.ROLE_SLAVE).setGenerationId(U64.of(4)).build()))
                .isInstanceOf(RoleRequests.RoleRefused.class).hasMessageContaining("s1: role request ROLE_MASTER "
                        + "generation 4 answered with");
        OFMessage stale = F.errorMsgs().buildRoleRequestFailedErrorMsg().setCode(OFRoleRequestFailedCode.STALE)
                .setData(OFErrorCauseData.NONE).build();
        assertThatThrownBy(() -> RoleRequests.check("s1", Mastership.Role.MASTER, 4, stale))
                .isInstanceOfSatisfying(RoleRequests.RoleRefused.class, e -> assertThat(e.stale()).isTrue());
    }

    // ---- through a real session ----------------------------------------------------------------------------

    @AfterEach
    void nothingLeft() {
        assertThat(sw.close()).isFalse();
    }

    @Test
    @DisplayName("a role claimed through a session completes on the switch's ROLE_REPLY with that role")
    void claimConfirmed() throws Exception {
        CompletableFuture<Void> done = SwitchRoles.claim(sw.session, Mastership.Role.MASTER, 9);
        OFRoleRequest sent = (OFRoleRequest) sw.out(OFType.ROLE_REQUEST);
        assertThat(sent.getRole()).isEqualTo(OFControllerRole.ROLE_MASTER);
        assertThat(sent.getGenerationId()).isEqualTo(U64.of(9));
        assertThat(done).isNotDone();
        sw.ch.writeInbound(F.buildRoleReply().setXid(sent.getXid()).setRole(OFControllerRole.ROLE_MASTER)
                .setGenerationId(U64.of(9)).build());
        done.get();
    }

    @Test
    @DisplayName("a STALE refusal fails the claim as stale: another controller became master with a newer epoch")
    void claimStale() {
        CompletableFuture<Void> done = SwitchRoles.claim(sw.session, Mastership.Role.MASTER, 3);
        OFMessage sent = sw.out(OFType.ROLE_REQUEST);
        sw.ch.writeInbound(F.errorMsgs().buildRoleRequestFailedErrorMsg().setXid(sent.getXid())
                .setCode(OFRoleRequestFailedCode.STALE).setData(OFErrorCauseData.NONE).build());
        assertThatThrownBy(done::get).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(RoleRequests.RoleRefused.class, e -> {
                    assertThat(e.stale()).isTrue();
                    assertThat(e.getMessage()).contains("ROLE_MASTER generation 3 failed");
                });
    }
}
