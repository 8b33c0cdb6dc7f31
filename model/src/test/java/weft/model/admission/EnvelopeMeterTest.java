package weft.model.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The Egress-Based scheme's measurement (seed 002 §5.3.1) and the batches in which the measured schemes decide. */
class EnvelopeMeterTest {
    /** Slots of 10 ps, T = 2, M = 2, one packet per slot is rate 1. */
    private static final EnvelopeMeter METER = new EnvelopeMeter(0, 10, 2, 2, 1);

    @Test
    @DisplayName("Seed 002 §5.3.1 (hand-computed from its rule): stamps 0, 5, 12 / 25, departures 30, 40, 50 / 55: "
            + "R̄ = 1.5, 1; σ² = 0.5, 0.5; S̄ = 0.5, 1.5, 3, 4; Ψ² = 0.5, 0.5, 0, 0")
    void worked() {
        // Interval 0: slots hold 2 and 1 packets, one stream of 3 whose k packets take at most 8, 15, 20 ps beyond
        // the 30 ps pipeline; interval 1: one packet at the pipeline delay, then the link capacity.
        EgressBased.Envelopes e = METER.measure(new long[] {0, 5, 12, 25}, new long[] {30, 40, 50, 55}, 1, 1, 1);
        assertThat(e.meanArrival()).containsExactly(new double[] {0, 1.5, 1.0}, within(1e-12));
        assertThat(e.varArrival()).containsExactly(new double[] {0, 0.5, 0.5}, within(1e-12));
        assertThat(e.meanService()).containsExactly(new double[] {0.5, 1.5, 3, 4}, within(1e-12));
        assertThat(e.varService()).containsExactly(new double[] {0.5, 0.5, 0, 0}, within(1e-12));
        // Eq. 5.5 at t = 0 with α = 1: -S̄(1) + sqrt(Ψ²(1)) = -1.5 + 0.7071.
        assertThat(EgressBased.condition(e, 0.1, 0)).isCloseTo(-0.7929, within(1e-4));
        // t = 1: R̄(1) + P - S̄(2) + sqrt(σ²(1) + Ψ²(2)) = 1.5 + 0.1 - 3 + 0.7071.
        assertThat(EgressBased.condition(e, 0.1, 1)).isCloseTo(-0.6929, within(1e-4));
    }

    @Test
    @DisplayName("an idle egress: no arrivals, the network serves at capacity (S(t) = C·t)")
    void idle() {
        EgressBased.Envelopes e = new EnvelopeMeter(100, 32, 4, 3, 10).measure(new long[0], new long[0], 2, 2, 10);
        assertThat(e.meanArrival()).containsOnly(0.0);
        assertThat(e.meanService()).containsExactly(0, 10, 20, 30, 40, 50, 60);
        assertThat(e.varService()).containsOnly(0.0);
        assertThat(new EgressBased().request(new AdmissionRequest("f", new int[0], 0, 1), e).admitted()).isTrue();
    }

    @Test
    @DisplayName("flows admitted since the measurement raise the arrival envelope: the same request is then refused "
            + "(C = 4 keeps eq. 5.7 out of the way)")
    void plusArrival() {
        EgressBased.Envelopes e = METER.measure(new long[] {0, 5, 12, 25}, new long[] {30, 40, 50, 55}, 1, 1, 4);
        assertThat(e.plusArrival(0.25).meanArrival()).containsExactly(new double[] {0, 1.75, 1.25}, within(1e-12));
        EgressBased eb = new EgressBased();
        assertThat(eb.request(new AdmissionRequest("a", new int[0], 0, 0.1), e).admitted()).isTrue();
        assertThat(eb.request(new AdmissionRequest("b", new int[0], 0, 0.1), e.plusArrival(1)).admitted())
                .as("1.5 + 1 + 0.1 - 3 + 0.71 > 0 at t = 1").isFalse();
    }

    @Test
    @DisplayName("a departure before its time stamp is refused, naming the packet")
    void badRecord() {
        assertThatThrownBy(() -> METER.measure(new long[] {0, 5}, new long[] {30, 4}, 1, 1, 1))
                .hasMessageContaining("packet 1");
    }

    /** A random egress record: FIFO departures at least the pipeline after the stamps. */
    private static long[][] record(SplittableRandom r) {
        int n = r.nextInt(0, 60);
        long[] stamped = new long[n];
        long[] departed = new long[n];
        long t = 0;
        long last = 0;
        for (int i = 0; i < n; i++) {
            t += r.nextLong(0, 25);
            stamped[i] = t;
            last = Math.max(last, t + 30) + r.nextLong(0, 20);
            departed[i] = last;
        }
        return new long[][] {stamped, departed};
    }

    @Property(tries = 300)
    void envelopesAreEnvelopes(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        long[][] rec = record(new SplittableRandom(seed));
        EnvelopeMeter meter = new EnvelopeMeter(0, 10, 5, 6, 2);
        EgressBased.Envelopes e = meter.measure(rec[0], rec[1], 3, 1, 2);
        for (int t = 1; t < e.meanService().length; t++) {
            assertThat(e.meanService()[t]).as("S̄ non-decreasing at %d, seed %d", t, seed)
                    .isGreaterThanOrEqualTo(e.meanService()[t - 1] - 1e-9);
            assertThat(e.varService()[t]).isGreaterThanOrEqualTo(0);
        }
        for (int t = 2; t < e.meanArrival().length; t++) {
            assertThat(t * e.meanArrival()[t]).as("packets in t slots non-decreasing, seed %d", seed)
                    .isGreaterThanOrEqualTo((t - 1) * e.meanArrival()[t - 1] - 1e-9);
            assertThat(e.varArrival()[t]).isGreaterThanOrEqualTo(0);
        }
    }

    @Property(tries = 200)
    void measuredSchemesAdmitOnlyWhatTheirRuleAllows(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<AdmittedLoad.Demand> demands = new ArrayList<>();
        int hosts = r.nextInt(1, 6);
        for (int h = 0; h < hosts; h++) {
            demands.add(new AdmittedLoad.Demand("h" + h, r.nextInt(5), r.nextDouble() * 0.5, new int[0]));
        }
        int rounds = r.nextInt(1, 5);
        List<ProbeBased.ProbeReport> shown = new ArrayList<>();
        int[] meters = new int[1];
        AdmittedLoad.Result result = AdmittedLoad.admitInRounds(new ProbeBased(), demands, 0.05, rounds,
                (admitted, asking) -> {
                    meters[0]++;
                    return (demand, k, thisRound) -> {
                        long[] transit = r.longs(r.nextInt(4, 7), 100, 100 + r.nextInt(1, 200)).toArray();
                        ProbeBased.ProbeReport p = new ProbeBased.ProbeReport(transit, r.nextInt(6) == 0 ? 1 : 0,
                                60);
                        shown.add(p);
                        return p;
                    };
                }, new SplittableRandom(seed));
        long allowed = shown.stream().filter(p -> p.refused() == 0
                && p.transitTimes().length == ProbeBased.PROBES_PER_FLOW
                && Arrays.stream(p.transitTimes()).max().getAsLong()
                - Arrays.stream(p.transitTimes()).min().getAsLong() < 60).count();
        assertThat(meters[0]).isEqualTo(rounds);
        assertThat(shown).hasSize(result.requested());
        assertThat(result.admitted()).as("admitted = requests meeting eqs. 5.8-5.9, seed %d", seed)
                .isEqualTo((int) allowed);
        for (int i = 0; i < hosts; i++) {
            assertThat(result.admittedGbps()[i]).isLessThanOrEqualTo(demands.get(i).gbps() + 1e-9);
        }
    }
}
