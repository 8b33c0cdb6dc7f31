package weft.model.repro;

import java.util.ArrayList;
import java.util.List;

/**
 * The flow-level table of the {@code admission} reproduction (seed 002 §5.4.2, Figs. 5.5-5.7): per scheme, the
 * flows' received over requested rate, their mean latency and the largest jitter of any flow, high- and
 * low-priority flows apart, with the thesis's figures where it gives them.
 */
final class FlowTable {
    private FlowTable() {
    }

    /**
     * @param high    the high-priority levels are {@code 0..high-1}
     * @param schemes no admission control, LL, EB, PB
     */
    static ResultTable of(int high, int classes, List<String> schemes, List<List<FlowStats.Flow>> flows) {
        String[][] paper = {
            {"falls with the flow count", "-", "-", "-", "-"},
            {"SL1-4 get P", "-", "-", "-", "-"},
            {"admitted get P", "700", "1000", "-", "12000"},
            {"SL1-4 get P, SL5 less", "100", "100", "300-600", "-"}};
        List<List<String>> rows = new ArrayList<>();
        for (int k = 0; k < schemes.size(); k++) {
            List<FlowStats.Flow> f = flows.get(k);
            rows.add(List.of(schemes.get(k), Integer.toString(f.size()),
                    paper[k][0], ResultTable.fixed(FlowStats.meanRate(f, 0, classes - 1), 2) + " / "
                            + ResultTable.fixed(FlowStats.meanRate(f, classes - 1, classes), 2),
                    paper[k][1] + " / " + paper[k][2], ResultTable.fixed(FlowStats.meanLatency(f, 0, high), 0) + " / "
                            + ResultTable.fixed(FlowStats.meanLatency(f, high, classes), 0),
                    paper[k][3] + " / " + paper[k][4], ResultTable.fixed(FlowStats.maxJitter(f, 0, high), 0) + " / "
                            + ResultTable.fixed(FlowStats.maxJitter(f, high, classes), 0)));
        }
        return new ResultTable("Flows at the high mark (thesis Figs. 5.5-5.7): received / requested rate of SL1-4 "
                + "and SL5 flows, mean flow latency and largest flow jitter (max - min network latency) of high / "
                + "low-priority flows, cycles", List.of("scheme", "flows", "paper rate", "Weft rate SL1-4 / SL5",
                "paper latency high / low", "Weft latency high / low", "paper jitter high / low",
                "Weft jitter high / low"), rows);
    }
}
