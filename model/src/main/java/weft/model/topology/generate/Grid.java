package weft.model.topology.generate;

import java.util.List;
import java.util.stream.Collectors;
import weft.model.topology.Topology;

/**
 * The common builder of {@link Mesh}, {@link Torus} and {@link Ring}: switches at the points of a grid of the given
 * dimension sizes, each joined to its neighbour one step further along every dimension (with wrap-around for a
 * torus).
 *
 * <p>Numbering: coordinate {@code (c_0 .. c_{d-1})} is switch number {@code sum c_i * prod_{j>i} size_j} (the last
 * dimension varies fastest), named {@code s(number+1)}; {@link #coordinates(int, List)} inverts it. Ports: hosts on
 * {@code 1..h}; then for dimension {@code i} port {@code h+1+2i} leads to the minus neighbour ({@code c_i - 1})
 * and port {@code h+2+2i} to the plus neighbour ({@code c_i + 1}). Every switch has {@code h + 2d} ports; a mesh's
 * border switches leave the ports towards missing neighbours unused.
 */
final class Grid {
    private Grid() {
    }

    static Topology build(String kind, List<Integer> sizes, boolean wrap, GeneratorOptions options, String name) {
        int hosts = options.hostsOr(1);
        long count = 1;
        for (int size : sizes) {
            count *= size;
            FabricBuilder.checkSize(kind, count, count * hosts);
        }
        int d = sizes.size();
        int n = (int) count;
        FabricBuilder b = new FabricBuilder(options);
        for (int u = 0; u < n; u++) {
            b.addSwitch(hosts + 2 * d);
            b.addHosts(u, hosts);
        }
        for (int u = 0; u < n; u++) {
            int[] c = coordinates(u, sizes);
            int stride = 1;
            for (int i = d - 1; i >= 0; i--) {
                int size = sizes.get(i);
                if (c[i] + 1 < size) {
                    b.link(u, hosts + 2 + 2 * i, u + stride, hosts + 1 + 2 * i);
                } else if (wrap) {
                    b.link(u, hosts + 2 + 2 * i, u - c[i] * stride, hosts + 1 + 2 * i);
                }
                stride *= size;
            }
        }
        return b.build(name);
    }

    /** The coordinates of switch number {@code u} in a grid of the given sizes. */
    static int[] coordinates(int u, List<Integer> sizes) {
        int[] c = new int[sizes.size()];
        int v = u;
        for (int i = sizes.size() - 1; i >= 0; i--) {
            c[i] = v % sizes.get(i);
            v /= sizes.get(i);
        }
        return c;
    }

    static String dims(List<Integer> sizes) {
        return sizes.stream().map(String::valueOf).collect(Collectors.joining("x"));
    }
}
