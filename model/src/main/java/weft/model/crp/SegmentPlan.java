package weft.model.crp;

import java.util.ArrayList;
import java.util.List;

/**
 * How a flow of some size uses CRP (seed 001 §2.5): a flow smaller than {@code N_min} does not participate (it is
 * sent unreserved and charged to the tables it crosses); a larger one is cut into segments of {@code N_max}, each
 * reserving independently.
 *
 * <p>Decision (the paper is silent): what is left after the full segments reserves as one more segment when it is
 * at least {@code N_min}, and otherwise goes unreserved like a small flow, since a reservation that small would not
 * amortise its request (the reason §2.5 gives for {@code N_min}).
 *
 * @param segments   data units of each reserving segment, in order (sizes before {@code ε})
 * @param unreserved data units sent without a reservation
 */
public record SegmentPlan(List<Long> segments, long unreserved) {
    public SegmentPlan {
        segments = List.copyOf(segments);
        if (unreserved < 0) {
            throw new IllegalArgumentException("segmentation: unreserved " + unreserved + " is negative");
        }
    }

    /** Segments a flow of {@code units} data units under {@code p}'s {@code N_min} and {@code N_max}. */
    public static SegmentPlan of(long units, CrpParameters p) {
        if (units <= 0) {
            throw new IllegalArgumentException("segmentation: flow of " + units + " units, expected > 0");
        }
        if (units < p.minUnits()) {
            return new SegmentPlan(List.of(), units);
        }
        List<Long> out = new ArrayList<>();
        long left = units;
        while (left >= p.maxUnits()) {
            out.add(p.maxUnits());
            left -= p.maxUnits();
        }
        if (left >= p.minUnits()) {
            out.add(left);
            left = 0;
        }
        return new SegmentPlan(out, left);
    }
}
