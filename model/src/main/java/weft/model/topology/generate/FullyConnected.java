package weft.model.topology.generate;

import weft.model.topology.Topology;

/**
 * The fully connected fabric (complete graph) of {@code n} switches: one link between every pair, diameter 1.
 *
 * <p>Switch {@code u} (0-based) has hosts on {@code 1..h} and reaches switch {@code v} on port
 * {@code h + 1 + (v < u ? v : v - 1)}: its peers in switch order. One host per switch by default.
 */
public final class FullyConnected {
    /** The family name. */
    public static final String KIND = "fully-connected";

    private FullyConnected() {
    }

    /**
     * Builds a fully connected fabric.
     *
     * @param switches number of switches, at least 2
     */
    public static Topology generate(int switches, GeneratorOptions options) {
        GeneratorArguments.atLeast(KIND, "switches", switches, 2);
        int hosts = options.hostsOr(1);
        FabricBuilder.checkSize(KIND, switches, (long) switches * hosts);
        if ((long) switches * (switches - 1) / 2 > FabricBuilder.MAX_SWITCHES) {
            throw new GeneratorException(KIND + ": --switches " + switches + " needs more than "
                    + FabricBuilder.MAX_SWITCHES + " links");
        }
        FabricBuilder b = new FabricBuilder(options);
        for (int u = 0; u < switches; u++) {
            b.addSwitch(hosts + switches - 1);
            b.addHosts(u, hosts);
        }
        for (int u = 0; u < switches; u++) {
            for (int v = u + 1; v < switches; v++) {
                b.link(u, hosts + v, v, hosts + 1 + u);
            }
        }
        return b.build(switches + "-switch fully connected");
    }
}
