package weft.model.host.path;

/**
 * Multi-Phase: one counter for every link this server's traffic can load; a packet to {@code d} takes the path
 * whose links carry the fewest bytes in total (the most credit summed over the links of {@code path(p, d)}); ties
 * follow the tie-break order (MP: a random order drawn once per server; P-MP: drawn anew at the end of every round of
 * the per-path counters, {@link TieOrder}).
 *
 * <p>Source: seed 004 §3.2.3 (the 3-level FatTree link set, hand-derived from the topology of §2.1: stage 1 per
 * aggregation index, stage 2 per core, stage 3 per (pod, core), stage 4 per (pod, edge, aggregation index)). The link
 * ids of each (destination, path) come from the controller ({@code PathSpec.links}); a path with no links known counts
 * as one private link (its per-path counter), which makes MP reduce to Sorted-Deficit. P-MP is Table 3.1's periodic
 * variant; its rounds are counted on the bytes per path, which on the fat tree are the server's bytes per core link.
 */
final class MultiPhase implements PathPolicy {
    private static final int[] NONE = new int[0];

    private final int[][][] links;
    private final long[] linkBytes;
    private final TieOrder paths;
    /** The bytes on a path's links towards the destination of the packet at hand ({@link #dest}). */
    private final TieOrder.Loads onLinks;
    private int dest;

    MultiPhase(int maxDests, int maxLinks, TieOrder paths) {
        this.links = new int[maxDests][paths.paths()][];
        for (int[][] perDest : links) {
            java.util.Arrays.fill(perDest, NONE);
        }
        this.linkBytes = new long[maxLinks];
        this.paths = paths;
        this.onLinks = this::load;
    }

    /** Declares the link ids (dense, {@code < maxLinks}) of path {@code path} to destination {@code dest}. */
    @Override
    public void setPathLinks(int dest, int path, int[] linkIds) {
        for (int l : linkIds) {
            if (l < 0 || l >= linkBytes.length) {
                throw new IllegalArgumentException("mp: dest " + dest + " path " + path + ": link id " + l
                        + " outside 0.." + (linkBytes.length - 1));
            }
        }
        links[dest][path] = linkIds.clone();
    }

    @Override
    public boolean usesPathLinks() {
        return true;
    }

    @Override
    public int choose(int d, int usable, int bytes) {
        dest = d;
        int best = paths.leastLoaded(onLinks, usable);
        for (int l : links[d][best]) {
            linkBytes[l] += bytes;
        }
        paths.charge(best, bytes, usable);
        return best;
    }

    /** The bytes on path p's links towards {@link #dest}, or on the path itself when its links are not known. */
    private long load(int p) {
        int[] ls = links[dest][p];
        if (ls.length == 0) {
            return paths.sent(p);
        }
        long sum = 0;
        for (int l : ls) {
            sum += linkBytes[l];
        }
        return sum;
    }
}
