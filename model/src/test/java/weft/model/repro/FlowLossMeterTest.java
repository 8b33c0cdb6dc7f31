package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.sim.SimConfig;

class FlowLossMeterTest {
    @Test
    @DisplayName("Seed 004 §3.2.4 Table 3.3: a flow is a source-destination pair; one lost frame of a source's many "
            + "flows is that flow's loss, not the source's")
    void perPairLoss() {
        FlowLossMeter meter = new FlowLossMeter(3, new MeasuredWindow(100, 200));
        // host 0 makes 3 frames for host 1 and 1 for host 2 in the window; the frame for host 2 is lost
        for (long t : new long[] {100, 120, 140}) {
            meter.generated(0, 1, 1538, t, true);
            meter.delivered(0, 1, -1, 1538, t, t + 5, t + 50);
        }
        meter.generated(0, 2, 84, 150, true);
        // made before the window, lost: not counted; refused by its own full queue: not counted
        meter.generated(1, 2, 84, 99, true);
        meter.generated(1, 2, 84, 150, false);
        // made in the window, delivered after it ends: counted (the run drains)
        meter.generated(2, 0, 84, 199, true);
        meter.delivered(2, 0, -1, 84, 199, 210, 260);
        assertThat(meter.worstPacketLoss()).isCloseTo(1.0, within(1e-12));
        // the same four frames counted per source: a quarter of host 0's packets
        assertThat(LossMeter.worstLoss(new long[] {4, 0, 1}, new long[] {3, 0, 1})).isCloseTo(0.25, within(1e-12));
    }

    @Test
    @DisplayName("Seed 004 §3.2.4: with fewer than 1,000 frames a flow, one lost frame is more than 0.1% of it")
    void oneFrameOfAFewHundred() {
        FlowLossMeter meter = new FlowLossMeter(2, new MeasuredWindow(0, 1_000));
        for (long t = 0; t < 179; t++) {
            meter.generated(0, 1, 811, t, true);
            if (t != 50) {
                meter.delivered(0, 1, -1, 811, t, t, t + 10);
            }
        }
        assertThat(meter.worstPacketLoss()).isCloseTo(1.0 / 179, within(1e-12)).isGreaterThan(0.001);
    }

    @Test
    @DisplayName("Seed 004 §3.2.4: on the fat tree, all-to-all at full load, the worst flow loses at least the "
            + "average loss, and nothing is lost at a tenth of the load")
    void worstFlowOnTheFabric() {
        DataCenterFabric fabric = new DataCenterFabric(4);
        SimConfig config = new DataCenterFabric.Options(4, 32, 0.2, 2).config(true, SimConfig.Arrivals.POISSON,
                "ecmp", 1);
        double[] worst = new double[2];
        double[] mean = new double[2];
        double[] loads = {0.1, 1.0};
        for (int i = 0; i < 2; i++) {
            FlowLossMeter flows = new FlowLossMeter(fabric.hosts(), MeasuredWindow.of(config));
            DataCenterFabric.Measured m = fabric.run(AllToAllCapacityRepro.pattern(fabric.hosts(), config, 1),
                    loads[i], config, flows);
            worst[i] = flows.worstPacketLoss();
            mean[i] = m.meter().meanPacketLoss();
        }
        assertThat(worst[0]).isZero();
        assertThat(mean[1]).isPositive();
        assertThat(worst[1]).isGreaterThan(mean[1]);
    }
}
