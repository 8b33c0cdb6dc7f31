package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CrpThreadsTest {
    @Test
    @DisplayName("weft repro crp gives the same figures with --threads 2 as with --threads 1 (each run is seeded)")
    void crpSameFiguresOnTwoThreads(@TempDir Path dir) throws Exception {
        List<String> figures = new ArrayList<>();
        for (String threads : List.of("1", "2")) {
            Path json = dir.resolve("crp-" + threads + ".json");
            StringWriter err = new StringWriter();
            CommandLine cmd = new CommandLine(new ReproCommand());
            cmd.setOut(new PrintWriter(new StringWriter(), true));
            cmd.setErr(new PrintWriter(err, true));
            int code = cmd.execute("crp", "--quick", "--threads", threads, "--leaves", "2", "--warmup", "1000",
                    "--cycles", "2000", "--ecn-warmup", "2000", "--hotspot-cycles", "3000", "--onset", "2000",
                    "--step-cycles", "3000", "--bin", "1000", "--json", json.toString());
            assertThat(code).as(err.toString()).isZero();
            JsonNode root = new ObjectMapper().readTree(Files.readString(json));
            StringBuilder s = new StringBuilder();
            root.get("claims").forEach(c -> s.append(c.get("id").asText()).append('=')
                    .append(c.get("weft").asText()).append(' '));
            root.get("tables").forEach(t -> s.append(t.get("rows")));
            figures.add(s.toString());
        }
        assertThat(figures.get(0)).contains("R2=", "R1.settled=");
        assertThat(figures.get(1)).isEqualTo(figures.get(0));
    }
}
