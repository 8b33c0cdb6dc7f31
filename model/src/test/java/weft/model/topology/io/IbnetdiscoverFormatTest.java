package weft.model.topology.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.MethodSource;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.generate.EnrichedKaryNTree;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KPortFatTree;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.RandomIrregular;
import weft.model.topology.generate.Torus;

class IbnetdiscoverFormatTest {
    private static String resource(String name) throws IOException {
        try (InputStream in = IbnetdiscoverFormatTest.class.getResourceAsStream("/ib/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    @DisplayName("ibnetdiscover(8) example fabric: 2 Voltaire switches, 4 CAs (one dual-ported), GUID dpids, "
            + "width x lane rate")
    void importsTheManPageFabric() throws IOException {
        Topology t = IbnetdiscoverFormat.read("fabric.txt", resource("voltaire-2007.ibnetdiscover"), 10);
        assertThat(t.switches()).containsExactly(new Switch("S-005442ba00003080", 0x5442ba00003080L, 24),
                new Switch("S-0008f10400410015", 0x8f10400410015L, 8));
        assertThat(Set.copyOf(t.links())).isEqualTo(Set.of(
                new Link("S-005442ba00003080", 10, "S-0008f10400410015", 1, 2.5),
                new Link("S-005442ba00003080", 6, "S-0008f10400410015", 3, 40)));
        assertThat(t.hosts()).extracting(Host::id, Host::switchId, Host::port, Host::gbps).containsExactly(
                org.assertj.core.groups.Tuple.tuple("H-0008f10403961354", "S-005442ba00003080", 22, 10.0),
                org.assertj.core.groups.Tuple.tuple("H-0008f10403960558/2", "S-005442ba00003080", 8, 10.0),
                org.assertj.core.groups.Tuple.tuple("H-0008f10403960558/1", "S-005442ba00003080", 12, 10.0),
                org.assertj.core.groups.Tuple.tuple("H-0008f10403960984", "S-0008f10400410015", 6, 10.0),
                org.assertj.core.groups.Tuple.tuple("H-005442b100004900", "S-0008f10400410015", 4, 10.0));
        assertThat(t.hosts().get(0).mac()).isEqualTo("02:00:00:00:00:01");
        assertThat(t.hosts().get(4).ip()).isEqualTo("10.0.0.5");
        assertThat(t.graph().isConnected()).isTrue();
    }

    @Test
    void descriptionsNameNodesWhereUnique() throws IOException {
        Topology t = IbnetdiscoverFormat.read("fabric.txt", resource("voltaire-2007.ibnetdiscover"), 10,
                IbnetdiscoverFormat.Names.DESCRIPTION);
        assertThat(t.switches()).extracting(Switch::id).containsExactly("ISR9024 Voltaire", "SW-6IB4 Voltaire");
        // The four CAs share one description, so they keep their node ids.
        assertThat(t.hosts()).extracting(Host::id).contains("H-0008f10403961354", "H-0008f10403960558/2");
        assertThat(t.hosts().get(0).switchId()).isEqualTo("ISR9024 Voltaire");
    }

    @Test
    @DisplayName("Real ibnetdiscover output, captured from ibsim running Weft's export of a 3x3 torus with 2 hosts "
            + "per switch, reads back as that torus")
    void readsRealIbnetdiscoverOutputOfAnIbsimFabric() throws IOException {
        Topology t = IbnetdiscoverFormat.read("disc.txt", resource("ibsim-torus-3x3.ibnetdiscover"), 10,
                IbnetdiscoverFormat.Names.DESCRIPTION);
        Topology torus = Torus.generate(List.of(3, 3), GeneratorOptions.defaults().withHosts(2));
        assertThat(t.switches()).extracting(Switch::id, Switch::ports).containsExactlyInAnyOrderElementsOf(
                torus.switches().stream().map(s -> org.assertj.core.groups.Tuple.tuple(s.id(), s.ports())).toList());
        assertThat(t.switches()).extracting(Switch::dpid).allSatisfy(d -> assertThat(d).isBetween(0x200000L,
                0x200008L));
        assertThat(normalized(t.links())).isEqualTo(normalized(torus.links()));
        assertThat(t.hosts()).extracting(Host::id, Host::switchId, Host::port).containsExactlyInAnyOrderElementsOf(
                torus.hosts().stream().map(h -> org.assertj.core.groups.Tuple.tuple(h.id(), h.switchId(), h.port()))
                        .toList());
        assertThat(t.links()).allSatisfy(l -> assertThat(l.gbps()).isEqualTo(10.0));
    }

    @Test
    @DisplayName("ibsim net-examples/net.2sw2path4hca: names without GUIDs get dpids 1.., default gbps")
    void importsIbsimNetFiles() {
        String net = """
                # Net configuration file example
                Switch\t8 "Switch1"
                [1]\t"Hca1"[1]
                [2]\t"Hca3"[1]
                [3]\t"Switch2"[3]
                [5]\t"Switch2"[5]

                Switch 8 "Switch2"
                [1]\t"Hca2"[1]
                [2]\t"Hca4"[1]
                [3]\t"Switch1"[3]
                [5]\t"Switch1"[5]

                Hca\t2 "Hca1"
                [1]\t"Switch1"[1]

                Hca\t2 "Hca2"
                [1]\t"Switch2"[1]

                Hca\t2 "Hca3"
                [1]\t"Switch1"[2]

                Hca \t2 "Hca4"
                [1]\t"Switch2"[2]
                """;
        Topology t = IbnetdiscoverFormat.read("net", net, 20);
        assertThat(t.switches()).containsExactly(new Switch("Switch1", 1, 8), new Switch("Switch2", 2, 8));
        assertThat(t.links()).containsExactly(new Link("Switch1", 3, "Switch2", 3, 20),
                new Link("Switch1", 5, "Switch2", 5, 20));
        assertThat(t.hosts()).extracting(Host::id).containsExactly("Hca1", "Hca3", "Hca2", "Hca4");
    }

    static Stream<Topology> fabrics() {
        GeneratorOptions o = GeneratorOptions.defaults();
        return Stream.of(KaryNTree.generate(4, 3, o), Torus.generate(List.of(2, 3), o.withHosts(2)),
                EnrichedKaryNTree.generate(3, 2, 2, EnrichedKaryNTree.Shape.RING, o), KPortFatTree.generate(4, 3, o),
                RandomIrregular.generate(30, 5, 11, o));
    }

    @ParameterizedTest
    @MethodSource("fabrics")
    void exportThenImportGivesTheSameFabric(Topology t) {
        String net = IbnetdiscoverFormat.writeIbsim(t);
        Topology back = IbnetdiscoverFormat.read("t.net", net, 10);
        assertThat(back.switches()).isEqualTo(t.switches());
        assertThat(back.hosts()).containsExactlyInAnyOrderElementsOf(t.hosts());
        assertThat(normalized(back.links())).isEqualTo(normalized(t.links()));
        assertThat(back.links()).hasSameSizeAs(t.links());
    }

    private static Set<String> normalized(List<Link> links) {
        return links.stream().map(Link::cable).collect(Collectors.toSet());
    }

    @Test
    void exportWritesIbsimRecords() {
        Topology t = Torus.generate(List.of(3), GeneratorOptions.defaults());
        assertThat(IbnetdiscoverFormat.writeIbsim(t)).contains("Switch\t3 \"s1\"\n[1]\t\"h1\"[1]\n[2]\t\"s3\"[3]\n"
                + "[3]\t\"s2\"[2]\n\n").contains("Hca\t1 \"h2\"\n[1]\t\"s2\"[1]\n");
        Topology big = new Topology("big", List.of(new Switch("s1", 1, 300)), List.of(), List.of());
        assertThatThrownBy(() -> IbnetdiscoverFormat.writeIbsim(big))
                .hasMessage("switch s1 has 300 ports; the ibsim net format allows at most 255");
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/ib/bad-input.csv",
            delimiter = '|', quoteCharacter = '\'', commentCharacter = '#')
    void rejectsBadInputNamingTheLine(String what, String text, String message) {
        assertThatThrownBy(() -> IbnetdiscoverFormat.read("f.txt", text.replace("\\n", "\n"), 10))
                .as(what).isInstanceOf(TopologyFormatException.class).hasMessage(message);
    }
}
