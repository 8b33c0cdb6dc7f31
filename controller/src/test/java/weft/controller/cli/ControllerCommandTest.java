package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import weft.controller.testing.TestFabrics;
import weft.model.routing.RoutingOptions;
import weft.model.topology.io.TopologyJson;

/** The usage errors of {@code weft controller run}; none of these starts a controller. */
class ControllerCommandTest {
    @TempDir
    Path dir;

    private final CliRun cli = new CliRun(ControllerCommand::new);

    @Test
    @DisplayName("exactly one of --topo and --discover; --names only with --discover")
    void topoOrDiscover() throws Exception {
        assertThat(cli.run("run")).isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("exactly one of --topo FILE and --discover is required, got neither");
        Path topo = dir.resolve("ring.json");
        Files.writeString(topo, TopologyJson.write(TestFabrics.ring(3)));
        assertThat(cli.run("run", "--topo", topo.toString(), "--discover")).isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("got both");
        assertThat(cli.run("run", "--topo", topo.toString(), "--names", topo.toString())).isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("--names " + topo + " names a discovered fabric; it needs --discover");
        assertThat(cli.run("run", "--discover", "--settle", "soon")).isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("--settle must be a duration such as 2s or 500ms, got soon");
        assertThat(cli.run("run", "--discover", "--names", dir.resolve("missing.json").toString()))
                .isEqualTo(CliFailure.INPUT);
        assertThat(cli.err()).contains("missing.json");
    }

    @Test
    @DisplayName("durations: seconds and milliseconds, fractions allowed; anything else names the option")
    void durations() {
        assertThat(Durations.parse("--settle", "2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(Durations.parse("--settle", "1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("--settle", "250ms")).isEqualTo(Duration.ofMillis(250));
        assertThatThrownBy(() -> Durations.parse("--settle", "-1s")).isInstanceOf(CliFailure.class)
                .hasMessage("--settle must be a duration such as 2s or 500ms, got -1s");
    }

    @Test
    @DisplayName("controller run takes an engine chain and every routing option weft route takes")
    void routingOptionsAsWeftRoute() {
        ControllerCommand.Run run = new ControllerCommand.Run();
        new CommandLine(run).parseArgs("--topo", "t.json", "--engine", "lash,updown", "--max-layers", "4",
                "--classes", "2", "--seed", "7", "--symmetric", "--no-fallback", "--root", "s3");
        assertThat(run.fabric.routing.chain().name()).isEqualTo("lash,updown");
        assertThat(run.fabric.routing.options()).isEqualTo(RoutingOptions.defaults().withMaxLayers(4).withClasses(2)
                .withSeed(7, true).withSymmetric(true).withFallback(false).withRoot("s3"));
        assertThat(run.fabric.routing.arguments()).containsExactly("--engine", "lash,updown", "--max-layers", "4",
                "--classes", "2", "--seed", "7", "--root", "s3", "--symmetric", "--no-fallback");
    }

    @Test
    @DisplayName("an unknown engine in the chain or a class count over the layer budget is a usage error naming the "
            + "option; nothing starts")
    void badRoutingOptions() throws Exception {
        Path topo = dir.resolve("ring.json");
        Files.writeString(topo, TopologyJson.write(TestFabrics.ring(3)));
        assertThat(cli.run("run", "--topo", topo.toString(), "--engine", "lash,nosuch")).isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("--engine: unknown routing engine 'nosuch'; known: minhop, updown");
        assertThat(cli.run("run", "--topo", topo.toString(), "--max-layers", "2", "--classes", "4"))
                .isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("--classes must be in 1..--max-layers (2), got 4");
    }
}
