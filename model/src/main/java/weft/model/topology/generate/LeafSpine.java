package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.List;
import weft.model.topology.Topology;

/**
 * The 2-tier leaf-spine (folded Clos) fabric: every leaf is cabled once to every spine; hosts attach to leaves.
 *
 * <p>Numbering: spines first ({@code s1..sS}, {@link TreeLayout} level 0), then leaves (level 1). A leaf has
 * hosts on ports {@code 1..h} and its uplink to spine {@code j} (0-based) on port {@code h+1+j}; spine {@code j}
 * reaches leaf {@code i} (0-based) on port {@code 1+i}. Hosts per leaf default to the number of spines, which
 * makes the fabric non-blocking (1:1 oversubscription).
 */
public final class LeafSpine {
    /** The family name. */
    public static final String KIND = "leaf-spine";

    private LeafSpine() {
    }

    /**
     * Builds a leaf-spine fabric.
     *
     * @param leaves number of leaf switches, at least 1
     * @param spines number of spine switches, at least 1
     */
    public static Topology generate(int leaves, int spines, GeneratorOptions options) {
        checkShape(leaves, spines);
        int hosts = options.hostsOr(spines);
        FabricBuilder.checkSize(KIND, (long) leaves + spines, (long) leaves * hosts);
        FabricBuilder b = new FabricBuilder(options);
        for (int s = 0; s < spines; s++) {
            b.addSwitch(leaves);
        }
        for (int l = 0; l < leaves; l++) {
            b.addSwitch(Math.max(1, hosts + spines));
        }
        for (int l = 0; l < leaves; l++) {
            for (int s = 0; s < spines; s++) {
                b.link(spines + l, hosts + 1 + s, s, 1 + l);
            }
            b.addHosts(spines + l, hosts);
        }
        return b.build(leaves + "-leaf " + spines + "-spine");
    }

    private static void checkShape(int leaves, int spines) {
        if (leaves < 1 || spines < 1) {
            throw new GeneratorException(KIND + ": --leaves and --spines must be >= 1, got " + leaves + " and "
                    + spines);
        }
    }

    /** Levels and positions of the switches {@link #generate} names: spines, then leaves. */
    public static TreeLayout layout(int leaves, int spines) {
        checkShape(leaves, spines);
        List<String> top = new ArrayList<>();
        List<String> bottom = new ArrayList<>();
        for (int s = 0; s < spines; s++) {
            top.add(Addressing.switchId(s));
        }
        for (int l = 0; l < leaves; l++) {
            bottom.add(Addressing.switchId(spines + l));
        }
        return new TreeLayout(KIND, spines, List.of(top, bottom));
    }
}
