package weft.model.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AdmissionTest {
    /** Table 4.1 loads per SL1..SL5 (L_total = 100); BW_link_eff = 800 Mb/s (an assumed value), in Gbit/s. */
    private static LinkByLink ll() {
        return new LinkByLink(new String[] {"l1", "l2"}, new double[] {0.8, 0.8}, new double[] {10, 15, 20, 25, 30});
    }

    private static AdmissionRequest req(String id, int sl, double mbps, int... links) {
        return new AdmissionRequest(id, links, sl, mbps / 1000);
    }

    @Test
    @DisplayName("Seed 002 eq. 5.4 and Table 4.1 (hand-computed): BW_sl = 80 / 120 / 160 / 200 / 240 Mb/s for SL1..SL5")
    void llShares() {
        LinkByLink ll = ll();
        double[] expected = {0.080, 0.120, 0.160, 0.200, 0.240};
        for (int sl = 0; sl < 5; sl++) {
            assertThat(ll.share(0, sl)).isCloseTo(expected[sl], within(1e-12));
        }
    }

    @Test
    @DisplayName("Seed 002 eq. 5.3 (hand-computed from its rule): SL3 P = 30 with S = 120 / 135 rejected at l2; "
            + "with 125 admitted; P + S = BW rejected")
    void llDecisions() {
        LinkByLink ll = ll();
        assertThat(ll.request(req("bg1", 2, 120, 0)).admitted()).isTrue();
        assertThat(ll.request(req("bg2", 2, 135, 1)).admitted()).isTrue();
        AdmissionDecision d = ll.request(req("new", 2, 30, 0, 1));
        assertThat(d.admitted()).isFalse();
        assertThat(d.reason()).contains("link l2").contains("SL2");
        assertThat(ll.admitted(0, 2)).as("a rejection changes nothing").isCloseTo(0.120, within(1e-12));
        ll.release("bg2");
        assertThat(ll.request(req("bg3", 2, 125, 1)).admitted()).isTrue();
        assertThat(ll.request(req("new", 2, 30, 0, 1)).admitted()).isTrue();
        assertThat(ll.admitted(0, 2)).isCloseTo(0.150, within(1e-12));
        assertThat(ll.admitted(1, 2)).isCloseTo(0.155, within(1e-12));
        LinkByLink boundary = ll();
        boundary.request(req("bg", 0, 50, 0));
        assertThat(boundary.request(req("edge", 0, 30, 0)).admitted()).as("50 + 30 = 80 is not < 80").isFalse();
    }

    @Test
    @DisplayName("Seed 002 eq. 5.1 (hand-computed from its rule): CL_high = 300, load 250: P = 40 admitted (290), "
            + "then P = 20 rejected (310)")
    void calibratedLoad() {
        CalibratedLoad cl = new CalibratedLoad(2, 0.300, 1.0);
        assertThat(cl.request(req("bg", 0, 250)).admitted()).isTrue();
        assertThat(cl.request(req("a", 1, 40)).admitted()).isTrue();
        AdmissionDecision d = cl.request(req("b", 0, 20));
        assertThat(d.admitted()).isFalse();
        assertThat(d.reason()).contains("CL_high");
        assertThat(cl.request(req("low", 3, 20)).admitted()).as("the low group has its own budget").isTrue();
    }

    @Test
    @DisplayName("Seed 002 eqs. 5.8-5.9 (hand-computed from their rule): transit {100,120,130,110,150,105}: J = 60 "
            + "admits, J = 50 rejects, a refused probe rejects")
    void probeBased() {
        long[] t = {100, 120, 130, 110, 150, 105};
        ProbeBased pb = new ProbeBased();
        assertThat(pb.request(req("a", 4, 10), new ProbeBased.ProbeReport(t, 0, 60)).admitted()).isTrue();
        AdmissionDecision strict = pb.request(req("b", 4, 10), new ProbeBased.ProbeReport(t, 0, 50));
        assertThat(strict.admitted()).isFalse();
        assertThat(strict.reason()).contains("= 50 is not below J = 50");
        assertThat(pb.request(req("c", 4, 10), new ProbeBased.ProbeReport(new long[] {100, 100, 100, 100, 100}, 1,
                60)).admitted()).isFalse();
        assertThat(pb.request(req("d", 4, 10)).admitted()).as("no probes, no admission").isFalse();
    }

    @Test
    @DisplayName("Seed 002 eqs. 5.5-5.7 (hand-computed from their rule): conditions -2.2, -1.882, -1.658 and "
            + "1.5 + 1 < 4 admit")
    void egressBased() {
        EgressBased.Envelopes e = new EgressBased.Envelopes(new double[] {0, 2, 1.5}, new double[] {0, 0.25, 0.09},
                new double[] {0, 3, 6, 8}, new double[] {0, 0.64, 1, 1.44}, 1, 1.0, 4.0);
        assertThat(EgressBased.condition(e, 1, 0)).isCloseTo(-2.2, within(1e-9));
        assertThat(EgressBased.condition(e, 1, 1)).isCloseTo(-1.882, within(1e-3));
        assertThat(EgressBased.condition(e, 1, 2)).isCloseTo(-1.658, within(1e-3));
        EgressBased eb = new EgressBased();
        assertThat(eb.request(new AdmissionRequest("f", new int[0], 0, 1), e).admitted()).isTrue();
        assertThat(eb.request(new AdmissionRequest("g", new int[0], 0, 3), e).admitted())
                .as("P = 3 breaks eq. 5.5 at t = 2").isFalse();
    }

    @Test
    @DisplayName("Releasing a flow that was never admitted names it")
    void releaseUnknown() {
        assertThatThrownBy(() -> ll().release("ghost")).hasMessageContaining("ghost");
    }

    @Property(tries = 200)
    void linkByLinkNeverOverAdmits(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RandomGenerator r = RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
        int links = 1 + r.nextInt(6);
        String[] names = new String[links];
        double[] bw = new double[links];
        for (int l = 0; l < links; l++) {
            names[l] = "l" + l;
            bw[l] = 1 + r.nextInt(10);
        }
        LinkByLink ll = new LinkByLink(names, bw, new double[] {1, 2, 3});
        List<String> live = new ArrayList<>();
        for (int step = 0; step < 60; step++) {
            if (!live.isEmpty() && r.nextInt(4) == 0) {
                ll.release(live.remove(r.nextInt(live.size())));
                continue;
            }
            int[] path = r.ints(0, links).distinct().limit(1 + r.nextInt(links)).toArray();
            String id = "f" + step;
            if (ll.request(new AdmissionRequest(id, path, r.nextInt(3), 0.1 + r.nextDouble() * 3)).admitted()) {
                live.add(id);
            }
            for (int l = 0; l < links; l++) {
                for (int sl = 0; sl < 3; sl++) {
                    assertThat(ll.admitted(l, sl)).as("seed %d link %d SL%d", seed, l, sl)
                            .isLessThan(ll.share(l, sl));
                }
            }
        }
    }
}
