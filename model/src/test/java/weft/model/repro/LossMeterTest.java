package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.sim.SimConfig;
import weft.model.sim.SimNetwork;
import weft.model.sim.Simulator;

class LossMeterTest {
    @Test
    @DisplayName("Seed 004 §3.1.1 and §3.2.4: a flow's throughput counts bytes put on its link in the window, its "
            + "loss threshold counts packets; a lost maximum-size frame weighs more in bytes than in packets")
    void bytesAndPacketsOfTheWindow() {
        DataCenterFabric fabric = new DataCenterFabric(4);
        SimConfig config = new DataCenterFabric.Options(4, 32, 0, 1).config(true, SimConfig.Arrivals.POISSON, "vlb", 1);
        SimNetwork net = new Simulator(fabric.topology, fabric.routes, config).network();
        LossMeter meter = new LossMeter(net, new MeasuredWindow(100, 200));
        int up0 = net.hostUpChannel(0);
        int up1 = net.hostUpChannel(1);
        int[] sizes = {1538, 1538, 1538, 84};
        for (int i = 0; i < sizes.length; i++) {
            meter.transmitted(up0, 0, sizes[i], 100 + i, 110 + i);
        }
        meter.transmitted(up0, 0, 1538, 99, 109); // before the window: not counted
        meter.transmitted(up1, 0, 84, 150, 151);
        // host 0: the first large frame is lost, the rest arrive (one after the window ends: still counted)
        meter.delivered(0, 5, 0, 1538, 0, 101, 150);
        meter.delivered(0, 5, 0, 1538, 0, 102, 250);
        meter.delivered(0, 5, 0, 84, 0, 103, 160);
        meter.delivered(0, 5, 0, 1538, 0, 99, 150); // injected before the window
        meter.delivered(1, 6, 0, 84, 0, 150, 170);
        assertThat(1 - meter.throughput(0)).isCloseTo(1538.0 / (3 * 1538 + 84), within(1e-12));
        assertThat(meter.throughput(1)).isEqualTo(1.0);
        assertThat(meter.throughput(2)).isNaN();
        assertThat(meter.worstPacketLoss()).isCloseTo(0.25, within(1e-12));
        assertThat(meter.meanAndMin()[1]).isCloseTo(meter.throughput(0), within(1e-12));
    }
}
