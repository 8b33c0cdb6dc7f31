package weft.bench;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KPortFatTree;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.RandomIrregular;
import weft.model.topology.generate.Torus;

/**
 * The fabrics of the JMH benchmarks by the name their {@code @Param} gives: {@code kary-ntree-KxN} (k-ary n-tree),
 * {@code fat-tree-KxN} (K-port fat tree of N levels), {@code torus-WxH}, {@code irregular-NxD} (N switches of
 * degree D, random from seed 1), with the generators' default hosts.
 */
final class BenchFabrics {
    private static final Pattern NAME = Pattern.compile("(kary-ntree|fat-tree|torus|irregular)-(\\d+)x(\\d+)");

    private BenchFabrics() {
    }

    /**
     * Generates the fabric {@code name}.
     *
     * @throws IllegalArgumentException naming the fabric when the name is none of the four forms
     */
    static Topology generate(String name) {
        Matcher m = NAME.matcher(name);
        if (!m.matches()) {
            throw new IllegalArgumentException("unknown benchmark fabric " + name + "; expected kary-ntree-KxN, "
                    + "fat-tree-KxN, torus-WxH or irregular-NxD");
        }
        int a = Integer.parseInt(m.group(2));
        int b = Integer.parseInt(m.group(3));
        GeneratorOptions o = GeneratorOptions.defaults();
        return switch (m.group(1)) {
            case "kary-ntree" -> KaryNTree.generate(a, b, o);
            case "fat-tree" -> KPortFatTree.generate(a, b, o);
            case "torus" -> Torus.generate(List.of(a, b), o);
            default -> RandomIrregular.generate(a, b, 1, o);
        };
    }
}
