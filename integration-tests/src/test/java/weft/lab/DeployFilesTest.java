package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import weft.controller.cli.ControllerCommand;
import weft.model.topology.io.TopologyJson;

/**
 * The service layout the distribution ships (deploy/): install.sh lays out /opt/weft, /etc/weft and the systemd
 * units under a root directory; the units pass {@code systemd-analyze verify}; the example controller
 * configuration passes {@code weft controller run --check}.
 */
class DeployFilesTest {
    private static final Path DEPLOY = Path.of("..", "deploy");

    @TempDir
    Path dir;

    /** A distribution directory as the archive unpacks, with the launcher and no libraries. */
    private Path distribution() throws Exception {
        Path d = dir.resolve("weft-dist");
        for (String sub : List.of("bin", "lib", "mininet", "docs", "grafana", "etc/weft", "systemd")) {
            Files.createDirectories(d.resolve(sub));
        }
        Files.copy(DEPLOY.resolve("src/main/dist/bin/weft"), d.resolve("bin/weft"));
        Files.copy(DEPLOY.resolve("scripts/install.sh"), d.resolve("install.sh"));
        for (String f : List.of("controller.yaml", "agent.env")) {
            Files.copy(DEPLOY.resolve("etc").resolve(f), d.resolve("etc/weft").resolve(f));
        }
        for (String u : List.of("weft-controller.service", "weft-agent.service")) {
            Files.copy(DEPLOY.resolve("systemd").resolve(u), d.resolve("systemd").resolve(u));
        }
        Files.copy(DEPLOY.resolve("grafana/weft-controller.json"), d.resolve("grafana/weft-controller.json"));
        return d;
    }

    private static String run(Path cwd, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertThat(p.waitFor()).as("%s: %s", String.join(" ", cmd), out).isZero();
        return out.toString();
    }

    @Test
    @DisplayName("install.sh --root lays out /opt/weft, /etc/weft (examples kept when edited, agent.env 0600) and "
            + "the units; systemd-analyze verify finds nothing to say about either unit")
    void installAndVerifyUnits() throws Exception {
        Path dist = distribution();
        Path root = dir.resolve("root");
        run(dist, "bash", "install.sh", "--root", root.toString());
        assertThat(root.resolve("opt/weft/bin/weft")).isExecutable();
        assertThat(root.resolve("opt/weft/grafana/weft-controller.json")).exists();
        assertThat(root.resolve("etc/systemd/system/weft-controller.service")).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("etc/weft/agent.env"))))
                .isEqualTo("rw-------");
        Files.writeString(root.resolve("etc/weft/controller.yaml"), "# edited\n", java.nio.file.StandardOpenOption
                .APPEND);
        run(dist, "bash", "install.sh", "--root", root.toString());
        assertThat(Files.readString(root.resolve("etc/weft/controller.yaml"))).as("operator's edit kept")
                .endsWith("# edited\n");

        Path check = Files.createDirectories(dir.resolve("check"));
        for (String u : List.of("weft-controller.service", "weft-agent.service")) {
            String unit = Files.readString(root.resolve("etc/systemd/system").resolve(u))
                    .replace("/opt/weft/", root + "/opt/weft/")
                    .replace("EnvironmentFile=/etc/weft/", "EnvironmentFile=" + root + "/etc/weft/");
            Files.writeString(check.resolve(u), unit);
        }
        String said = run(check, "systemd-analyze", "verify", check.resolve("weft-controller.service").toString(),
                check.resolve("weft-agent.service").toString());
        assertThat(said).as("systemd-analyze verify warnings").isBlank();
    }

    @Test
    @DisplayName("the example /etc/weft/controller.yaml passes weft controller run --check next to a topology and "
            + "a token")
    void exampleConfigurationChecks() throws Exception {
        Path etc = Files.createDirectories(dir.resolve("etc"));
        Path config = Files.copy(DEPLOY.resolve("etc/controller.yaml"), etc.resolve("controller.yaml"),
                StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(etc.resolve("fabric.json"), TopologyJson.write(LabFabrics.ring(4)));
        Path token = Files.writeString(etc.resolve("rest.token"), "0123456789abcdef0123456789abcdef\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ControllerCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute("run", "--config", config.toString(), "--check");
        assertThat(exit).as("stderr: %s", err).isZero();
        assertThat(out.toString()).contains("configuration OK (ring4, 4 switches, engine lash, REST on "
                + "127.0.0.1:8080)");
    }
}
