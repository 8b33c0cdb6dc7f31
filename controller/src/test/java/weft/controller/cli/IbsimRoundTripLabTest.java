package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * The InfiniBand formats against the real tools: {@code weft topo export-ib} writes a net file, ibsim simulates the
 * fabric, the real {@code ibnetdiscover} discovers it through {@code libumad2sim}, and {@code weft topo import-ib
 * --names description} must read back the fabric Weft generated (same switches, ports, cables and host
 * attachments; dpids become ibsim's GUIDs). Needs {@code ibsim-utils} and {@code infiniband-diags}
 * ({@code deploy/scripts/prereqs.sh} installs them). Each case runs its own ibsim on its own socket name
 * ({@code IBSIM_SOCKNAME}) and stops it by PID. Files go to {@code target/lab/IbsimRoundTripLabTest/}.
 */
@Tag("lab")
class IbsimRoundTripLabTest {
    private static final Path UMAD2SIM = Paths.get("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");
    private static final Path OUT = Paths.get("target", "lab", "IbsimRoundTripLabTest");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            fat-tree-4-3  | generate fat-tree --k 4 --levels 3
            torus-3x4     | generate torus --dims 3x4 --hosts 2
            irregular-16  | generate irregular --switches 16 --degree 4 --seed 3
            enriched-3-2  | generate enriched-kary-ntree --k 3 --n 2 --width 2 --shape ring
            """)
    void exportedFabricIsDiscoveredAsGenerated(String name, String generate) throws Exception {
        requireTools();
        Files.createDirectories(OUT);
        Path json = OUT.resolve(name + ".json");
        Path net = OUT.resolve(name + ".net");
        Path discovered = OUT.resolve(name + ".ibnetdiscover");
        Path back = OUT.resolve(name + ".back.json");
        List<String> args = new java.util.ArrayList<>(List.of(generate.split(" ")));
        args.addAll(List.of("-o", json.toString()));
        cli(args.toArray(String[]::new));
        cli("export-ib", json.toString(), "-o", net.toString());

        String socket = "weft-topo-" + name + "-" + ProcessHandle.current().pid();
        ProcessBuilder ibsimBuilder = new ProcessBuilder("ibsim", "-s", "-n", net.toString())
                .redirectErrorStream(true).redirectOutput(OUT.resolve(name + ".ibsim.log").toFile());
        ibsimBuilder.environment().put("IBSIM_SOCKNAME", socket);
        Process ibsim = ibsimBuilder.start();
        try {
            discover(socket, discovered, name);
        } finally {
            ibsim.destroy();
            if (!ibsim.waitFor(5, TimeUnit.SECONDS)) {
                ibsim.destroyForcibly();
            }
        }
        cli("import-ib", discovered.toString(), "--names", "description", "-o", back.toString());

        Topology generated = TopologyFiles.read(json);
        Topology found = TopologyFiles.read(back);
        assertThat(found.switches()).extracting(Switch::id, Switch::ports).containsExactlyInAnyOrderElementsOf(
                generated.switches().stream().map(s -> org.assertj.core.groups.Tuple.tuple(s.id(), s.ports()))
                        .toList());
        assertThat(cables(found.links())).isEqualTo(cables(generated.links()));
        assertThat(found.hosts()).extracting(Host::id, Host::switchId, Host::port)
                .containsExactlyInAnyOrderElementsOf(generated.hosts().stream()
                        .map(h -> org.assertj.core.groups.Tuple.tuple(h.id(), h.switchId(), h.port())).toList());
    }

    /** Runs ibnetdiscover against the ibsim on {@code socket}, retrying while ibsim starts (at most 20 s). */
    private static void discover(String socket, Path output, String name) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Path err = OUT.resolve(name + ".ibnetdiscover.err");
        while (true) {
            ProcessBuilder pb = new ProcessBuilder("ibnetdiscover").redirectOutput(output.toFile())
                    .redirectError(err.toFile());
            pb.environment().put("IBSIM_SOCKNAME", socket);
            pb.environment().put("LD_PRELOAD", UMAD2SIM.toString());
            Process p = pb.start();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("ibnetdiscover did not finish within 20 s against ibsim socket " + socket + "; see " + err);
            }
            if (p.exitValue() == 0 && Files.readString(output).contains("Switch")) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                fail("ibnetdiscover against ibsim socket " + socket + " kept failing (exit " + p.exitValue()
                        + "); see " + err + " and " + OUT.resolve(name + ".ibsim.log"));
            }
            Thread.sleep(200);
        }
    }

    private static void requireTools() {
        for (String tool : new String[] {"/usr/bin/ibsim", "/usr/sbin/ibnetdiscover", UMAD2SIM.toString()}) {
            if (!Files.exists(Paths.get(tool))) {
                fail(tool + " is missing: install ibsim-utils and infiniband-diags (deploy/scripts/prereqs.sh)");
            }
        }
    }

    private static void cli(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new TopoCommand());
        cmd.setOut(new PrintWriter(new StringWriter()));
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute(args);
        assertThat(code).as("weft topo %s: %s", String.join(" ", args), err).isZero();
    }

    private static Set<String> cables(List<Link> links) {
        Set<String> out = new HashSet<>();
        for (Link l : links) {
            String a = l.a() + "[" + l.aPort() + "]";
            String b = l.b() + "[" + l.bPort() + "]";
            out.add(a.compareTo(b) < 0 ? a + "-" + b : b + "-" + a);
        }
        return out;
    }
}
