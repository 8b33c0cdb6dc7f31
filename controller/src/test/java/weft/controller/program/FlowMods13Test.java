package weft.controller.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterFlags;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionMeter;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.protocol.meterband.OFMeterBandDrop;
import org.projectfloodlight.openflow.types.EthType;

/** Meter-mods and metered flow entries, checked on the wire (OpenFlow 1.3.5 §7.3.4.4, §7.2.4). */
class FlowMods13Test {

    private static OFMessage roundTrip(OFMessage m) throws Exception {
        ByteBuf wire = Unpooled.buffer();
        try {
            m.writeTo(wire);
            return OFFactories.getGenericReader().readFrom(wire);
        } finally {
            wire.release();
        }
    }

    @Test
    @DisplayName("meter add: KBPS|BURST|STATS, one DROP band with the rate and burst, survives the wire")
    void meterAdd() throws Exception {
        OFMeterMod m = FlowMods13.meterAdd(7, 50_000, 1_000);
        assertThat(roundTrip(m)).isEqualTo(m);
        assertThat(m.getCommand()).isEqualTo(OFMeterModCommand.ADD);
        assertThat(m.getMeterId()).isEqualTo(7);
        assertThat(m.getFlags()).isEqualTo(EnumSet.of(OFMeterFlags.KBPS, OFMeterFlags.BURST, OFMeterFlags.STATS));
        assertThat(m.getMeters()).singleElement().isInstanceOfSatisfying(OFMeterBandDrop.class, b -> {
            assertThat(b.getRate()).isEqualTo(50_000);
            assertThat(b.getBurstSize()).isEqualTo(1_000);
        });
        assertThat(FlowMods13.meterModify(7, 20_000, 500).getCommand()).isEqualTo(OFMeterModCommand.MODIFY);
    }

    @Test
    @DisplayName("meter delete names one meter and carries no band")
    void meterDelete() throws Exception {
        OFMeterMod m = FlowMods13.meterDelete(7);
        assertThat(roundTrip(m)).isEqualTo(m);
        assertThat(m.getCommand()).isEqualTo(OFMeterModCommand.DELETE);
        assertThat(m.getMeterId()).isEqualTo(7);
        assertThat(m.getMeters()).isEmpty();
    }

    @Test
    @DisplayName("a metered entry lists the meter instruction before apply-actions, with the class's cookie")
    void meteredFlow() throws Exception {
        OFFlowAdd f = FlowMods13.meteredFlow(FlowClass.INGRESS, 0,
                FlowMods13.F.buildMatch().setExact(MatchField.ETH_TYPE, EthType.IPv4).build(),
                List.of(FlowMods13.output(3)), 7);
        assertThat(roundTrip(f)).isEqualTo(f);
        assertThat(f.getCookie().getValue()).isEqualTo(FlowClass.INGRESS.cookie());
        assertThat(f.getInstructions()).hasSize(2);
        assertThat(f.getInstructions().get(0)).isInstanceOfSatisfying(OFInstructionMeter.class,
                i -> assertThat(i.getMeterId()).isEqualTo(7));
        assertThat(f.getInstructions().get(1)).isInstanceOf(OFInstructionApplyActions.class);
    }

    @Test
    @DisplayName("meter ids outside 1..OFPM_MAX and non-positive rates are refused, naming the meter")
    void refusesBadMeters() {
        assertThatThrownBy(() -> FlowMods13.meterAdd(0, 1000, 10)).isInstanceOf(ProgramException.class)
                .hasMessageContaining("meter id 0");
        assertThatThrownBy(() -> FlowMods13.meterDelete(0xffffffffL)).isInstanceOf(ProgramException.class)
                .hasMessageContaining("outside 1..0xffff0000");
        assertThatThrownBy(() -> FlowMods13.meterAdd(3, 0, 10)).isInstanceOf(ProgramException.class)
                .hasMessageContaining("meter 3: rate 0 kbit/s");
    }
}
