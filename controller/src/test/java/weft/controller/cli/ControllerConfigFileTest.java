package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The weft-controller/1 configuration file of {@code weft controller run}. */
class ControllerConfigFileTest {
    @TempDir
    Path dir;

    private ControllerCommand.Run parsed(Path config, String... flags) {
        ControllerCommand.Run run = new ControllerCommand.Run();
        CommandLine cl = new CommandLine(run);
        cl.parseArgs(flags);
        ControllerConfigFile.apply(config, cl.getCommandSpec(), List.of("--config"));
        return run;
    }

    @Test
    @DisplayName("YAML and JSON set every kind of option (text, file relative to the config, number, flag); "
            + "options on the command line win")
    void setsOptions() throws Exception {
        Path yaml = Files.writeString(dir.resolve("controller.yaml"), """
                format: weft-controller/1
                topo: fabric.json
                engine: lash,updown
                listen: 0.0.0.0:6653
                rest: 127.0.0.1:8080
                rest-token-file: /etc/weft/rest.token
                max-layers: 6
                table-miss: true
                allow-deadlock: false
                """);
        ControllerCommand.Run run = parsed(yaml, "--engine", "updown");
        assertThat(run.topo.toPath()).isEqualTo(dir.resolve("fabric.json").toAbsolutePath());
        assertThat(run.fabric.routing.engine).as("the command line wins").isEqualTo("updown");
        assertThat(run.listen).isEqualTo("0.0.0.0:6653");
        assertThat(run.restOptions.rest).isEqualTo("127.0.0.1:8080");
        assertThat(run.restOptions.restTokenFile.toPath()).isEqualTo(Path.of("/etc/weft/rest.token"));
        assertThat(run.fabric.routing.maxLayers).isEqualTo(6);
        assertThat(run.tableMiss).isTrue();
        assertThat(run.fabric.allowDeadlock).isFalse();

        Path json = Files.writeString(dir.resolve("controller.json"),
                "{\"format\": \"weft-controller/1\", \"discover\": true, \"settle\": \"500ms\"}");
        ControllerCommand.Run fromJson = parsed(json);
        assertThat(fromJson.fabric.discover).isTrue();
        assertThat(fromJson.fabric.settle).isEqualTo("500ms");
        assertThat(fromJson.fabric.routing.engine).as("default kept").isEqualTo("updown");
    }

    @Test
    @DisplayName("bad files: unknown key, duplicate key, wrong type, missing or wrong format, not YAML; each one "
            + "line naming the file, the key and the problem")
    void errors() throws Exception {
        assertThat(error("a.yaml", "format: weft-controller/1\nlissen: 0.0.0.0:6653\n"))
                .startsWith(dir.resolve("a.yaml") + ": lissen: unknown field (known: format, agent-subnet, "
                        + "agent-tls-ca, agent-tls-cert")
                .contains("listen");
        assertThat(error("b.yaml", "format: weft-controller/1\nengine: lash\nengine: updown\n"))
                .startsWith(dir.resolve("b.yaml") + ": line 3, column 7: not valid YAML: Duplicate field 'engine'");
        assertThat(error("c.json", "{\"format\": \"weft-controller/1\", \"engine\": \"a\", \"engine\": \"b\"}"))
                .contains("c.json: line 1, column").contains("Duplicate field 'engine'");
        assertThat(error("d.yaml", "format: weft-controller/1\nmax-layers: eight\n"))
                .isEqualTo(dir.resolve("d.yaml") + ": max-layers: expected an integer, got string \"eight\"");
        assertThat(error("e.yaml", "format: weft-controller/1\ntable-miss: yes please\n"))
                .isEqualTo(dir.resolve("e.yaml") + ": table-miss: expected true or false, got string \"yes please\"");
        assertThat(error("f.yaml", "engine: lash\n")).isEqualTo(dir.resolve("f.yaml") + ": format: missing field "
                + "(expected \"weft-controller/1\"); is this a Weft controller configuration file?");
        assertThat(error("g.yaml", "format: weft-controller/2\n")).isEqualTo(dir.resolve("g.yaml")
                + ": format: string \"weft-controller/2\" is not supported (expected \"weft-controller/1\")");
        assertThat(error("h.yaml", "format: [\n")).isEqualTo(dir.resolve("h.yaml") + ": line 1, column 10: not "
                + "valid YAML: while parsing a flow node; expected the node content, but found '<stream end>'");
        assertThat(error("i.yaml", "format: weft-controller/1\nconfig: other.yaml\n"))
                .contains("i.yaml: config: unknown field");
        assertThatThrownBy(() -> parsed(dir.resolve("none.yaml"))).isInstanceOf(CliFailure.class)
                .hasMessageStartingWith(dir.resolve("none.yaml") + ": cannot read: NoSuchFileException");
    }

    @Test
    @DisplayName("weft controller run --config: a value the file sets is checked as the option is (exit 2 for a "
            + "bad port), a bad file is exit 1")
    void command() throws Exception {
        Path topo = dir.resolve("ring3.json");
        Files.writeString(topo, weft.model.topology.io.TopologyJson.write(weft.controller.testing.TestFabrics.ring(3)));
        Path config = Files.writeString(dir.resolve("c.yaml"), "format: weft-controller/1\ntopo: ring3.json\n"
                + "listen: 127.0.0.1:0\nrest: 127.0.0.1:99999\n");
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ControllerCommand()).setErr(new PrintWriter(err, true))
                .execute("run", "--config", config.toString());
        assertThat(exit).isEqualTo(CliFailure.USAGE);
        assertThat(err.toString()).contains("--rest 127.0.0.1:99999: port 99999 is outside 0..65535");
        StringWriter err2 = new StringWriter();
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "format: weft-controller/1\nmax-layers: x\n");
        assertThat(new CommandLine(new ControllerCommand()).setErr(new PrintWriter(err2, true))
                .execute("run", "--config", bad.toString())).isEqualTo(CliFailure.INPUT);
        assertThat(err2.toString()).contains("bad.yaml: max-layers: expected an integer, got string \"x\"");
    }

    private String error(String name, String text) throws Exception {
        Path f = Files.writeString(dir.resolve(name), text);
        try {
            parsed(f);
        } catch (CliFailure e) {
            return e.getMessage();
        }
        throw new AssertionError(name + " was accepted");
    }
}
