package weft.agent.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How a measuring command ({@code weft agent clock}, {@code perf}) prints a report: one {@code key value} line a
 * figure, or with {@code --json} one JSON object a line.
 */
final class ReportOutput {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    /**
     * Prints {@code report} on standard output.
     *
     * @param indent   put before each plain line
     * @param keyWidth the plain lines' key column
     */
    void print(Map<String, Object> report, String indent, int keyWidth) throws JsonProcessingException {
        if (json) {
            System.out.println(JSON.writeValueAsString(report));
        } else {
            report.forEach((k, v) -> System.out.printf("%s%-" + keyWidth + "s %s%n", indent, k, v));
        }
    }
}
