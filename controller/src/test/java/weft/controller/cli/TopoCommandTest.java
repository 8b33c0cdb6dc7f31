package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import weft.model.topology.Topology;
import weft.model.topology.io.IbnetdiscoverFormat;
import weft.model.topology.io.TopologyJson;

class TopoCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = new CommandLine(new TopoCommand());
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    private String file(String name) {
        return dir.resolve(name).toString();
    }

    @Test
    void generatesTheReadmeExamples() {
        assertThat(run("generate", "kary-ntree", "--k", "16", "--n", "3", "-o", file("t.json"))).isZero();
        assertThat(out.toString()).contains("768 switches, 4096 hosts, 8192 links");
        Topology tree = TopologyFiles.read(dir.resolve("t.json"));
        assertThat(tree.switches()).hasSize(768);

        assertThat(run("generate", "torus", "--dims", "4x8", "--hosts", "1", "-o", file("torus.json"))).isZero();
        assertThat(TopologyFiles.read(dir.resolve("torus.json")).links()).hasSize(64);

        assertThat(run("generate", "irregular", "--switches", "64", "--degree", "4", "--seed", "7", "--gbps", "25",
                "-o", file("irr.json"))).isZero();
        Topology irregular = TopologyFiles.read(dir.resolve("irr.json"));
        assertThat(irregular.switches()).hasSize(64);
        assertThat(irregular.links()).allSatisfy(l -> assertThat(l.gbps()).isEqualTo(25));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void everyGeneratorHasHelpWithItsOwnOptions() {
        assertThat(run("generate", "--help")).isZero();
        assertThat(out.toString()).contains("kary-ntree", "enriched-kary-ntree", "fat-tree", "leaf-spine", "mesh",
                "torus", "ring", "fully-connected", "irregular");
        out.getBuffer().setLength(0);
        assertThat(run("generate", "enriched-kary-ntree", "--help")).isZero();
        assertThat(out.toString()).contains("--width=<width>", "(default: 2)", "--shape=<shape>", "--hosts=<h>",
                "--dpid-base=<dpid>", "-o, --output=<file>");
        for (String sub : new String[] {"show", "dot", "import-ib", "export-ib"}) {
            out.getBuffer().setLength(0);
            assertThat(run(sub, "--help")).isZero();
            assertThat(out.toString()).startsWith("Usage: topo " + sub);
        }
    }

    @Test
    void generateWritesToStdoutByDefault() {
        assertThat(run("generate", "ring", "--switches", "3")).isZero();
        assertThat(TopologyJson.read("stdout", out.toString()).switches()).hasSize(3);
    }

    @Test
    void badParametersAreUsageErrorsWithoutStackTraces() {
        assertThat(run("generate", "torus", "--dims", "4x1")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("topo generate torus: --dims 4x1: every size must be >= 2, "
                + "got 1" + System.lineSeparator());
        err.getBuffer().setLength(0);
        assertThat(run("generate", "kary-ntree", "--k", "4")).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--n=<n>'").doesNotContain("at weft.");
        err.getBuffer().setLength(0);
        assertThat(run("generate", "hypercube")).isEqualTo(2);
        assertThat(err.toString()).contains("Unmatched argument").doesNotContain("\tat ");
        err.getBuffer().setLength(0);
        assertThat(run("generate", "kary-ntree", "--k", "4", "--n", "2", "--hosts", "9")).isEqualTo(2);
        assertThat(err.toString()).contains("--hosts 9 exceeds the 4 down-ports");
        err.getBuffer().setLength(0);
        assertThat(run("generate", "ring", "--switches", "3", "--gbps", "0")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("topo generate ring: gbps must be a positive number, got 0.0"
                + System.lineSeparator());
        err.getBuffer().setLength(0);
        assertThat(run("generate", "ring", "--switches", "3", "--dpid-base", "zero")).isEqualTo(2);
        assertThat(err.toString()).contains("--dpid-base must be a decimal or 0x-hex number, got 'zero'");
    }

    @Test
    void dpidBaseAcceptsHex() {
        assertThat(run("generate", "ring", "--switches", "3", "--dpid-base", "0x100", "-o", file("r.json")))
                .isZero();
        assertThat(TopologyFiles.read(dir.resolve("r.json")).switches().get(2).dpid()).isEqualTo(0x102);
    }

    @Test
    void showSummarisesSizeDegreeDiameterAndTree() {
        run("generate", "kary-ntree", "--k", "4", "--n", "3", "-o", file("t.json"));
        out.getBuffer().setLength(0);
        assertThat(run("show", file("t.json"))).isZero();
        assertThat(out.toString()).contains("switches    48", "hosts       64",
                "links       128 (links by Gbit/s: 10.0: 128)", "degree      4..8", "connected   yes",
                "diameter    4 hops", "tree        4-ary 3-tree");
        out.getBuffer().setLength(0);
        assertThat(run("show", "--json", file("t.json"))).isZero();
        assertThat(out.toString()).contains("\"switches\" : 48", "\"connected\" : true", "\"diameter\" : 4");
    }

    @Test
    void showReportsComponentsOfADisconnectedFabric() throws IOException {
        Files.writeString(dir.resolve("d.json"), """
                {"format": "weft-topology/1", "switches": [
                  {"id": "a", "dpid": "1", "ports": 2}, {"id": "b", "dpid": "2", "ports": 2},
                  {"id": "c", "dpid": "3", "ports": 2}],
                 "links": [{"a": "a", "a_port": 1, "b": "b", "b_port": 1, "gbps": 1}]}""");
        assertThat(run("show", file("d.json"))).isZero();
        assertThat(out.toString()).contains("connected   NO: 2 components of [2, 1] switches");
    }

    @Test
    void badFilesNameFileLocationAndProblem() throws IOException {
        assertThat(run("show", file("missing.json"))).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("topo show: " + file("missing.json") + ": no such file"
                + System.lineSeparator());
        err.getBuffer().setLength(0);
        Files.writeString(dir.resolve("bad.json"), """
                {"format": "weft-topology/1", "switches": [{"id": "s1", "dpid": "1", "ports": 2}],
                 "links": [{"a": "s1", "a_port": 1, "b": "s9", "b_port": 1, "gbps": 1}]}""");
        assertThat(run("show", file("bad.json"))).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("topo show: " + file("bad.json") + ": links[0].b: unknown switch s9"
                + System.lineSeparator());
        err.getBuffer().setLength(0);
        Files.writeString(dir.resolve("syntax.json"), "{\"format\": \n  [}");
        assertThat(run("dot", file("syntax.json"))).isEqualTo(1);
        assertThat(err.toString()).startsWith("topo dot: " + file("syntax.json") + ": line 2, column 4: not valid"
                + " JSON");
    }

    @Test
    void dotExportsAPicture() throws IOException {
        run("generate", "leaf-spine", "--leaves", "2", "--spines", "2", "-o", file("ls.json"));
        assertThat(run("dot", file("ls.json"), "-o", file("ls.dot"))).isZero();
        String dot = Files.readString(dir.resolve("ls.dot"));
        assertThat(dot).startsWith("graph ").contains("\"h1\" [shape=box")
                .contains("\"s3\" -- \"s1\" [taillabel=3, headlabel=1")
                .contains("{ rank=same; \"s1\"; \"s2\"; }");
    }

    @Test
    void exportIbThenImportIbRoundTrips() throws IOException {
        run("generate", "torus", "--dims", "3x3", "--hosts", "2", "-o", file("t.json"));
        assertThat(run("export-ib", file("t.json"), "-o", file("t.net"))).isZero();
        assertThat(Files.readString(dir.resolve("t.net"))).contains("Switch\t6 \"s1\"", "Hca\t1 \"h18\"");
        assertThat(run("import-ib", file("t.net"), "-o", file("back.json"))).isZero();
        Topology before = TopologyFiles.read(dir.resolve("t.json"));
        Topology after = TopologyFiles.read(dir.resolve("back.json"));
        assertThat(after.switches()).isEqualTo(before.switches());
        assertThat(after.hosts()).containsExactlyInAnyOrderElementsOf(before.hosts());
        assertThat(after.links()).hasSameSizeAs(before.links());
        assertThat(IbnetdiscoverFormat.writeIbsim(after)).isEqualTo(IbnetdiscoverFormat.writeIbsim(before)
                .replace("topology \"3x3 torus\"", "topology \"" + file("t.net") + "\""));
    }

    @Test
    void importIbReportsTheLine() throws IOException {
        Files.writeString(dir.resolve("f.txt"), "Switch 4 \"A\"\n[1] \"B\"[1]\n");
        assertThat(run("import-ib", file("f.txt"))).isEqualTo(1);
        assertThat(err.toString()).contains(file("f.txt") + ": line 2: peer B of A port 1 is not described");
    }

    @Test
    void unwritableOutputIsAnError() {
        assertThat(run("generate", "ring", "--switches", "3", "-o", file("no/such/dir/t.json"))).isEqualTo(1);
        assertThat(err.toString()).contains("cannot write: directory").contains("does not exist");
    }

    @Test
    @DisplayName("topo show of a 1,000,000-switch file ends with a clear error naming the limit, not OutOfMemoryError")
    void showRefusesAMillionSwitches() throws IOException {
        Path big = dir.resolve("big.json");
        try (var w = Files.newBufferedWriter(big)) {
            w.write("{\"format\": \"weft-topology/1\", \"switches\": [");
            for (int i = 0; i < 1_000_000; i++) {
                w.write((i == 0 ? "" : ",\n") + "{\"id\": \"s" + i + "\", \"dpid\": \"" + String.format("%016x", i + 1)
                        + "\", \"ports\": 8}");
            }
            w.write("]}\n");
        }
        assertThat(run("show", big.toString())).isEqualTo(CliFailure.INPUT);
        assertThat(err.toString()).isEqualTo(String.format("topo show: %s: %,d bytes, more than the %,d characters a "
                + "weft-topology/1 file may have%n", big, Files.size(big), TopologyJson.MAX_CHARS));
    }
}
