package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.host.reseq.HeaderBudget;

/**
 * Seed 004 §3.4.3 ("Clock resolution", "Packet overhead"): the widths of the hybrid resequencer's sequence number and
 * timestamp, computed by {@link HeaderBudget} from the link rate, the age threshold, the clock and Weft's minimum frame
 * on the wire ({@link DataCenterFabric#MIN_FRAME}, 84 B: the thesis's "minimum sized packets" at 10 Gbit/s, "close to
 * 15 million per second"). The thesis's second case, "the same for a 10 ms age threshold at 1 Gbps", is the budget at
 * a tenth of the rate, ten times the threshold and a clock ten times coarser (the clock resolution scales with the
 * packet time, as the thesis's "about 50 ns" at 10 Gbit/s does).
 */
final class HeaderRepro implements Reproduction.Experiment {
    /** {@code weft repro header}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.4.3: resequencer header budget, 14-bit sequence number and 17-bit "
            + "timestamp at 10 Gbit/s with a 1 ms age threshold";
    private static final Tolerance EXACT = Tolerance.absolute(0, "bits are integers: exact");
    static final List<Claim> CLAIMS = List.of(
            new Claim("C31.pkts", "minimum frames one link carries within the age threshold ('could never see more "
                    + "than 15,000 packets at a time')", 15_000, "packets", new Band(14_000, 16_000)),
            new Claim("C31.seq", "sequence-number bits ('a 14-bit sequence number would be sufficient')", 14, "bits",
                    EXACT, new Band(14, 14)),
            new Claim("C31.ts", "timestamp bits spanning the threshold at the clock's resolution ('only 17 bits are "
                    + "needed to encode a 1 millisecond interval')", 17, "bits", EXACT, new Band(17, 17)),
            new Claim("C31.clock", "time of one minimum frame on the link, ns: the clock must be this fine ('a "
                    + "resolution on the order of about 50 nanoseconds or better' suffices)", 50, "ns",
                    Tolerance.atLeast(0, "'50 ns or better': a 50 ns clock is at least as fine as one frame time"),
                    new Band(50, 80)),
            new Claim("C31.1g.seq", "sequence-number bits at a tenth of the rate and ten times the threshold ('the "
                    + "same for a 10 ms age threshold at 1 Gbps')", 14, "bits", EXACT, new Band(14, 14)),
            new Claim("C31.1g.ts", "timestamp bits at a tenth of the rate, ten times the threshold, a clock ten times "
                    + "coarser", 17, "bits", EXACT, new Band(17, 17)),
            new Claim("C31.sum", "sequence-number plus timestamp bits ('less than 32-bits combined')", 31, "bits",
                    Tolerance.atMost(0, "'less than 32': at most 31"), new Band(20, 32)));
    static final List<Parameter> PARAMETERS = List.of(
            new Parameter("gbps", "link rate, Gbit/s", "10", "10"),
            new Parameter("threshold-ms", "age threshold, ms", "1", "1"),
            new Parameter("clock-ns", "timestamp resolution, ns", "10", "10"));

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        double gbps = o.number("gbps", 0.001, 10_000);
        double thresholdNs = o.number("threshold-ms", 1e-6, 1e6) * 1e6;
        double clockNs = o.number("clock-ns", 1e-3, 1e9);
        HeaderBudget fast = new HeaderBudget(gbps, thresholdNs, DataCenterFabric.MIN_FRAME, clockNs);
        HeaderBudget slow = new HeaderBudget(gbps / 10, thresholdNs * 10, DataCenterFabric.MIN_FRAME, clockNs * 10);
        List<ClaimResult> claims = List.of(CLAIMS.get(0).measured(fast.packetsPerThreshold()),
                CLAIMS.get(1).measured(fast.sequenceBits()), CLAIMS.get(2).measured(fast.timestampBits()),
                CLAIMS.get(3).measured(fast.packetTimeNs()), CLAIMS.get(4).measured(slow.sequenceBits()),
                CLAIMS.get(5).measured(slow.timestampBits()),
                CLAIMS.get(6).measured(fast.sequenceBits() + fast.timestampBits()));
        List<List<String>> rows = new ArrayList<>();
        for (HeaderBudget b : List.of(fast, slow)) {
            rows.add(List.of(ResultTable.trimmed(b.linkGbps(), 3), ResultTable.trimmed(b.ageThresholdNs() / 1e6, 3),
                    ResultTable.trimmed(b.clockNs(), 3), String.format(Locale.ROOT, "%.1f", b.packetTimeNs()),
                    Long.toString(b.packetsPerThreshold()), Integer.toString(b.sequenceBits()),
                    Long.toString(b.ticksPerThreshold()), Integer.toString(b.timestampBits())));
        }
        String setup = String.format(Locale.ROOT, "%s Gbit/s link, %s ms age threshold, %s ns clock, %d B minimum "
                + "frame on the wire; second case: %s Gbit/s, %s ms, %s ns", ResultTable.trimmed(gbps, 3),
                ResultTable.trimmed(thresholdNs / 1e6, 3), ResultTable.trimmed(clockNs, 3), DataCenterFabric.MIN_FRAME,
                ResultTable.trimmed(gbps / 10, 3), ResultTable.trimmed(thresholdNs / 1e5, 3),
                ResultTable.trimmed(clockNs * 10, 3));
        return ReproResult.of(repro, o, setup, claims, List.of(new ResultTable("Header budget (thesis: 14 and 17 "
                + "bits in both cases)", List.of("Gbit/s", "threshold ms", "clock ns", "frame time ns",
                "packets per threshold", "sequence bits", "ticks per threshold", "timestamp bits"), rows)), null);
    }
}
