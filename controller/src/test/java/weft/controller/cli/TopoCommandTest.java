package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import weft.model.topology.Topology;
import weft.model.topology.io.IbnetdiscoverFormat;
import weft.model.topology.io.TopologyJson;

class TopoCommandTest {
    @RegisterExtension
    final CliRun cli = new CliRun(TopoCommand::new);

    @Test
    void generatesTheReadmeExamples() {
        assertThat(cli.run("generate", "kary-ntree", "--k", "16", "--n", "3", "-o", cli.file("t.json"))).isZero();
        assertThat(cli.out()).contains("768 switches, 4096 hosts, 8192 links");
        Topology tree = TopologyFiles.read(cli.path("t.json"));
        assertThat(tree.switches()).hasSize(768);

        assertThat(cli.run("generate", "torus", "--dims", "4x8", "--hosts", "1", "-o", cli.file("torus.json")))
                .isZero();
        assertThat(TopologyFiles.read(cli.path("torus.json")).links()).hasSize(64);

        assertThat(cli.run("generate", "irregular", "--switches", "64", "--degree", "4", "--seed", "7", "--gbps", "25",
                "-o", cli.file("irr.json"))).isZero();
        Topology irregular = TopologyFiles.read(cli.path("irr.json"));
        assertThat(irregular.switches()).hasSize(64);
        assertThat(irregular.links()).allSatisfy(l -> assertThat(l.gbps()).isEqualTo(25));
        assertThat(cli.err()).isEmpty();
    }

    @Test
    void everyGeneratorHasHelpWithItsOwnOptions() {
        assertThat(cli.run("generate", "--help")).isZero();
        assertThat(cli.out()).contains("kary-ntree", "enriched-kary-ntree", "fat-tree", "leaf-spine", "mesh",
                "torus", "ring", "fully-connected", "irregular");
        cli.clearOut();
        assertThat(cli.run("generate", "enriched-kary-ntree", "--help")).isZero();
        assertThat(cli.out()).contains("--width=<width>", "(default: 2)", "--shape=<shape>", "--hosts=<h>",
                "--dpid-base=<dpid>", "-o, --output=<file>");
        for (String sub : new String[] {"show", "dot", "import-ib", "export-ib"}) {
            cli.clearOut();
            assertThat(cli.run(sub, "--help")).isZero();
            assertThat(cli.out()).startsWith("Usage: topo " + sub);
        }
    }

    @Test
    void generateWritesToStdoutByDefault() {
        assertThat(cli.run("generate", "ring", "--switches", "3")).isZero();
        assertThat(TopologyJson.read("stdout", cli.out()).switches()).hasSize(3);
    }

    @Test
    void badParametersAreUsageErrorsWithoutStackTraces() {
        assertThat(cli.run("generate", "torus", "--dims", "4x1")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("topo generate torus: --dims 4x1: every size must be >= 2, "
                + "got 1" + System.lineSeparator());
        cli.clearErr();
        assertThat(cli.run("generate", "kary-ntree", "--k", "4")).isEqualTo(2);
        assertThat(cli.err()).contains("Missing required option: '--n=<n>'").doesNotContain("at weft.");
        cli.clearErr();
        assertThat(cli.run("generate", "hypercube")).isEqualTo(2);
        assertThat(cli.err()).contains("Unmatched argument").doesNotContain("\tat ");
        cli.clearErr();
        assertThat(cli.run("generate", "kary-ntree", "--k", "4", "--n", "2", "--hosts", "9")).isEqualTo(2);
        assertThat(cli.err()).contains("--hosts 9 exceeds the 4 down-ports");
        cli.clearErr();
        assertThat(cli.run("generate", "ring", "--switches", "3", "--gbps", "0")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("topo generate ring: gbps must be a positive number, got 0.0"
                + System.lineSeparator());
        cli.clearErr();
        assertThat(cli.run("generate", "ring", "--switches", "3", "--dpid-base", "zero")).isEqualTo(2);
        assertThat(cli.err()).contains("--dpid-base must be a decimal or 0x-hex number, got 'zero'");
    }

    @Test
    void dpidBaseAcceptsHex() {
        assertThat(cli.run("generate", "ring", "--switches", "3", "--dpid-base", "0x100", "-o", cli.file("r.json")))
                .isZero();
        assertThat(TopologyFiles.read(cli.path("r.json")).switches().get(2).dpid()).isEqualTo(0x102);
    }

    @Test
    void showSummarisesSizeDegreeDiameterAndTree() {
        cli.run("generate", "kary-ntree", "--k", "4", "--n", "3", "-o", cli.file("t.json"));
        cli.clearOut();
        assertThat(cli.run("show", cli.file("t.json"))).isZero();
        assertThat(cli.out()).contains("switches    48", "hosts       64",
                "links       128 (links by Gbit/s: 10.0: 128)", "degree      4..8", "connected   yes",
                "diameter    4 hops", "tree        4-ary 3-tree");
        cli.clearOut();
        assertThat(cli.run("show", "--json", cli.file("t.json"))).isZero();
        assertThat(cli.out()).contains("\"switches\" : 48", "\"connected\" : true", "\"diameter\" : 4");
    }

    @Test
    void showReportsComponentsOfADisconnectedFabric() throws IOException {
        Files.writeString(cli.path("d.json"), """
                {"format": "weft-topology/1", "switches": [
                  {"id": "a", "dpid": "1", "ports": 2}, {"id": "b", "dpid": "2", "ports": 2},
                  {"id": "c", "dpid": "3", "ports": 2}],
                 "links": [{"a": "a", "a_port": 1, "b": "b", "b_port": 1, "gbps": 1}]}""");
        assertThat(cli.run("show", cli.file("d.json"))).isZero();
        assertThat(cli.out()).contains("connected   NO: 2 components of [2, 1] switches");
    }

    @Test
    void badFilesNameFileLocationAndProblem() throws IOException {
        assertThat(cli.run("show", cli.file("missing.json"))).isEqualTo(1);
        assertThat(cli.err()).isEqualTo("topo show: " + cli.file("missing.json") + ": no such file"
                + System.lineSeparator());
        cli.clearErr();
        Files.writeString(cli.path("bad.json"), """
                {"format": "weft-topology/1", "switches": [{"id": "s1", "dpid": "1", "ports": 2}],
                 "links": [{"a": "s1", "a_port": 1, "b": "s9", "b_port": 1, "gbps": 1}]}""");
        assertThat(cli.run("show", cli.file("bad.json"))).isEqualTo(1);
        assertThat(cli.err()).isEqualTo("topo show: " + cli.file("bad.json") + ": links[0].b: unknown switch s9"
                + System.lineSeparator());
        cli.clearErr();
        Files.writeString(cli.path("syntax.json"), "{\"format\": \n  [}");
        assertThat(cli.run("dot", cli.file("syntax.json"))).isEqualTo(1);
        assertThat(cli.err()).startsWith("topo dot: " + cli.file("syntax.json") + ": line 2, column 4: not valid"
                + " JSON");
    }

    @Test
    void dotExportsAPicture() throws IOException {
        cli.run("generate", "leaf-spine", "--leaves", "2", "--spines", "2", "-o", cli.file("ls.json"));
        assertThat(cli.run("dot", cli.file("ls.json"), "-o", cli.file("ls.dot"))).isZero();
        String dot = Files.readString(cli.path("ls.dot"));
        assertThat(dot).startsWith("graph ").contains("\"h1\" [shape=box")
                .contains("\"s3\" -- \"s1\" [taillabel=3, headlabel=1")
                .contains("{ rank=same; \"s1\"; \"s2\"; }");
    }

    @Test
    void exportIbThenImportIbRoundTrips() throws IOException {
        cli.run("generate", "torus", "--dims", "3x3", "--hosts", "2", "-o", cli.file("t.json"));
        assertThat(cli.run("export-ib", cli.file("t.json"), "-o", cli.file("t.net"))).isZero();
        assertThat(Files.readString(cli.path("t.net"))).contains("Switch\t6 \"s1\"", "Hca\t1 \"h18\"");
        assertThat(cli.run("import-ib", cli.file("t.net"), "-o", cli.file("back.json"))).isZero();
        Topology before = TopologyFiles.read(cli.path("t.json"));
        Topology after = TopologyFiles.read(cli.path("back.json"));
        assertThat(after.switches()).isEqualTo(before.switches());
        assertThat(after.hosts()).containsExactlyInAnyOrderElementsOf(before.hosts());
        assertThat(after.links()).hasSameSizeAs(before.links());
        assertThat(IbnetdiscoverFormat.writeIbsim(after)).isEqualTo(IbnetdiscoverFormat.writeIbsim(before)
                .replace("topology \"3x3 torus\"", "topology \"" + cli.file("t.net") + "\""));
    }

    @Test
    void importIbReportsTheLine() throws IOException {
        Files.writeString(cli.path("f.txt"), "Switch 4 \"A\"\n[1] \"B\"[1]\n");
        assertThat(cli.run("import-ib", cli.file("f.txt"))).isEqualTo(1);
        assertThat(cli.err()).contains(cli.file("f.txt") + ": line 2: peer B of A port 1 is not described");
    }

    @Test
    void unwritableOutputIsAnError() {
        assertThat(cli.run("generate", "ring", "--switches", "3", "-o", cli.file("no/such/dir/t.json"))).isEqualTo(1);
        assertThat(cli.err()).contains("cannot write: directory").contains("does not exist");
    }

    @Test
    @DisplayName("topo show of a 1,000,000-switch file ends with a clear error naming the limit, not OutOfMemoryError")
    void showRefusesAMillionSwitches() throws IOException {
        Path big = cli.path("big.json");
        try (var w = Files.newBufferedWriter(big)) {
            w.write("{\"format\": \"weft-topology/1\", \"switches\": [");
            for (int i = 0; i < 1_000_000; i++) {
                w.write((i == 0 ? "" : ",\n") + "{\"id\": \"s" + i + "\", \"dpid\": \"" + String.format("%016x", i + 1)
                        + "\", \"ports\": 8}");
            }
            w.write("]}\n");
        }
        assertThat(cli.run("show", big.toString())).isEqualTo(CliFailure.INPUT);
        assertThat(cli.err()).isEqualTo(String.format("topo show: %s: %,d bytes, more than the %,d characters a "
                + "weft-topology/1 file may have%n", big, Files.size(big), TopologyJson.MAX_CHARS));
    }
}
