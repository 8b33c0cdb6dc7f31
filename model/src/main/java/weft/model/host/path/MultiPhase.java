package weft.model.host.path;

/**
 * Multi-Phase: one counter for every link this server's traffic can load; a packet to {@code d} takes the path
 * whose links carry the fewest bytes in total (the most credit summed over the links of {@code path(p, d)}).
 *
 * <p>Source: seed 004 §3.2.3 (the 3-level FatTree link set, hand-derived from the topology of §2.1: stage 1 per
 * aggregation index, stage 2 per core, stage 3 per (pod, core), stage 4 per (pod, edge, aggregation index)). The link
 * ids of each (destination, path) come from the controller ({@code PathSpec.links}); a path with no links known counts
 * as one private link, which makes MP reduce to Sorted-Deficit. Ties go to the lower path index.
 */
final class MultiPhase implements PathPolicy {
    private static final int[] NONE = new int[0];

    private final int[][][] links;
    private final long[] linkBytes;
    private final long[] pathBytes;

    MultiPhase(int maxDests, int maxPaths, int maxLinks) {
        this.links = new int[maxDests][maxPaths][];
        for (int[][] perDest : links) {
            java.util.Arrays.fill(perDest, NONE);
        }
        this.linkBytes = new long[maxLinks];
        this.pathBytes = new long[maxPaths];
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
    public int choose(int dest, int paths, int bytes) {
        int best = 0;
        long bestLoad = Long.MAX_VALUE;
        for (int p = 0; p < paths; p++) {
            long load = load(dest, p);
            if (load < bestLoad) {
                bestLoad = load;
                best = p;
            }
        }
        int[] ls = links[dest][best];
        if (ls.length == 0) {
            pathBytes[best] += bytes;
        }
        for (int l : ls) {
            linkBytes[l] += bytes;
        }
        return best;
    }

    private long load(int dest, int p) {
        int[] ls = links[dest][p];
        if (ls.length == 0) {
            return pathBytes[p];
        }
        long sum = 0;
        for (int l : ls) {
            sum += linkBytes[l];
        }
        return sum;
    }
}
