package weft.controller.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import weft.model.topology.Link;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.TreeLayout;

/**
 * {@code weft topo show FILE}: the size and shape of a fabric: switches, hosts, links, capacities, degree range and
 * histogram, diameter, connectivity (components when disconnected) and, for k-ary n-trees laid out by the
 * generator, the recognised tree.
 */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Summarise a topology file.",
        footer = {"", "Exit status: 0 success, 1 invalid or unreadable file, 2 usage error."})
public final class TopoShowCommand extends CliCommand {
    @Parameters(index = "0", paramLabel = "FILE", description = "weft-topology/1 JSON file")
    private Path file;

    @Option(names = "--json", description = "print the summary as one JSON object")
    private boolean json;

    @Override
    protected int run() {
        try {
            Topology t = TopologyFiles.read(file);
            Map<String, Object> summary = summarise(t);
            PrintWriter out = spec().commandLine().getOut();
            if (json) {
                out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(summary));
            } else {
                print(out, summary);
            }
            out.flush();
            return 0;
        } catch (JsonProcessingException e) {
            return new CliFailure("cannot format summary: " + e.getMessage(), CliFailure.INPUT).report(spec());
        }
    }

    private Map<String, Object> summarise(Topology t) {
        SwitchGraph g = t.graph();
        Map<String, Object> s = TopologyFiles.summary(file, t);
        SortedMap<Double, Integer> gbps = new TreeMap<>();
        for (Link l : t.links()) {
            gbps.merge(l.gbps(), 1, Integer::sum);
        }
        s.put("link_gbps", keysAsText(gbps));
        SortedMap<Integer, Integer> degrees = g.degreeHistogram();
        s.put("degree_min", degrees.isEmpty() ? 0 : degrees.firstKey());
        s.put("degree_max", degrees.isEmpty() ? 0 : degrees.lastKey());
        s.put("degree_histogram", keysAsText(degrees));
        s.put("connected", g.isConnected());
        s.put("components", g.componentCount());
        if (g.componentCount() > 1) {
            int[] sizes = new int[g.componentCount()];
            for (int c : g.components()) {
                sizes[c]++;
            }
            List<Integer> list = new ArrayList<>();
            for (int size : sizes) {
                list.add(size);
            }
            s.put("component_sizes", list);
        }
        s.put("diameter", g.diameter());
        Optional<TreeLayout> tree = KaryNTree.recognize(t);
        tree.ifPresent(layout -> s.put("tree", layout.arity() + "-ary " + layout.levelCount() + "-tree"));
        return s;
    }

    private static <K> Map<String, Integer> keysAsText(SortedMap<K, Integer> counts) {
        Map<String, Integer> out = new LinkedHashMap<>();
        counts.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    private static void print(PrintWriter out, Map<String, Object> s) {
        out.printf("%s: %s%n", s.get("file"), s.get("name"));
        out.printf("  switches    %s%n", s.get("switches"));
        out.printf("  hosts       %s%n", s.get("hosts"));
        out.printf("  links       %s (links by Gbit/s: %s)%n", s.get("links"), histogram(s.get("link_gbps")));
        out.printf("  degree      %s..%s (switches by degree: %s)%n", s.get("degree_min"), s.get("degree_max"),
                histogram(s.get("degree_histogram")));
        if (Boolean.TRUE.equals(s.get("connected"))) {
            out.printf("  connected   yes%n");
            out.printf("  diameter    %s hops%n", s.get("diameter"));
        } else {
            out.printf("  connected   NO: %s components of %s switches%n", s.get("components"),
                    s.get("component_sizes"));
            out.printf("  diameter    %s hops (largest within a component)%n", s.get("diameter"));
        }
        if (s.containsKey("tree")) {
            out.printf("  tree        %s (generator layout)%n", s.get("tree"));
        }
    }

    private static String histogram(Object map) {
        StringBuilder b = new StringBuilder();
        ((Map<?, ?>) map).forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append(": ").append(v));
        return b.length() == 0 ? "none" : b.toString();
    }
}
