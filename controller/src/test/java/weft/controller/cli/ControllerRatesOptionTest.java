package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.Torus;
import weft.model.topology.io.TopologyJson;

/** {@code weft controller run --rates}: a bad table stops the controller before it listens, naming the entry. */
class ControllerRatesOptionTest {
    @TempDir
    Path dir;

    @Test
    @DisplayName("unknown host, negative rate, duplicate pair and a missing file exit 1 with file, entry, problem")
    void badTables() throws IOException {
        Path topo = dir.resolve("t.json");
        Files.writeString(topo, TopologyJson.write(Torus.generate(List.of(2, 2), GeneratorOptions.defaults())));
        String[][] cases = {
            {"{\"rates\": [{\"src\": \"h1\", \"dst\": \"h9\", \"mbps\": 5}]}", "rates[0] (h1 -> h9): unknown host h9"},
            {"{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": -1}]}", "rates[0] (h1 -> h2): mbps must be in"},
            {"{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": 5}, {\"src\": \"h1\", \"dst\": \"h2\", "
                    + "\"mbps\": 6}]}", "rates[1] (h1 -> h2): duplicate pair, already rated in rates[0]"},
        };
        for (int i = 0; i < cases.length; i++) {
            Path rates = dir.resolve("r" + i + ".json");
            Files.writeString(rates, cases[i][0]);
            CliRun cli = new CliRun(ControllerCommand::new);
            assertThat(cli.run("run", "--topo", topo.toString(), "--rates", rates.toString(), "--listen",
                    "127.0.0.1:0")).isEqualTo(CliFailure.INPUT);
            assertThat(cli.err()).contains(rates + ": " + cases[i][1]);
        }
        CliRun cli = new CliRun(ControllerCommand::new);
        assertThat(cli.run("run", "--topo", topo.toString(), "--rates", dir.resolve("none.json").toString()))
                .isEqualTo(CliFailure.INPUT);
        assertThat(cli.err()).contains("--rates " + dir.resolve("none.json") + ": cannot read");
    }
}
