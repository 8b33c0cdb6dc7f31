package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Seed 004 §3.2.4: the maximum-loss criterion of Table 3.3 is never weaker than the average-loss criterion of Table
 * 3.4 on the same run. A source's loss is the mean of its flows' losses weighted by their packets, and the whole
 * fabric's the mean of its sources', so the worst flow loses at least as much as the worst source, which loses at
 * least as much as all packets together.
 */
class FlowLossProperties {
    @Property(tries = 200)
    void worstFlowAtLeastWorstSourceAtLeastTheMean(@ForAll @IntRange(min = 2, max = 12) int hosts,
                                                   @ForAll @IntRange(min = 0, max = 40) int packetsPerFlow,
                                                   @ForAll @IntRange(min = 0, max = 100) int lossPercent,
                                                   @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        FlowLossMeter flows = new FlowLossMeter(hosts, new MeasuredWindow(0, 1_000));
        long[] sent = new long[hosts];
        long[] arrived = new long[hosts];
        for (int s = 0; s < hosts; s++) {
            for (int d = 0; d < hosts; d++) {
                int made = d == s ? 0 : random.nextInt(packetsPerFlow + 1);
                for (int p = 0; p < made; p++) {
                    flows.generated(s, d, 811, p, true);
                    sent[s]++;
                    if (random.nextInt(100) >= lossPercent) {
                        flows.delivered(s, d, -1, 811, p, p, p + 1);
                        arrived[s]++;
                    }
                }
            }
        }
        double worstFlow = flows.worstPacketLoss();
        double worstSource = LossMeter.worstLoss(sent, arrived);
        long allSent = Arrays.stream(sent).sum();
        if (allSent == 0) {
            assertThat(worstFlow).isNaN();
            assertThat(worstSource).isNaN();
            return;
        }
        double mean = 1 - (double) Arrays.stream(arrived).sum() / allSent;
        assertThat(worstFlow).isBetween(0.0, 1.0).isGreaterThanOrEqualTo(worstSource - 1e-12);
        assertThat(worstSource).isGreaterThanOrEqualTo(mean - 1e-12);
    }
}
