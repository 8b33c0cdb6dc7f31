package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import weft.model.topology.SwitchGraph;

/**
 * Forwarding tables that obey a set of forbidden turns, for the turn-restricting engines (Segment-based routing,
 * TBTP): per destination, a breadth-first search over channels through allowed turns (no U-turns) gives each
 * channel's remaining distance; every pair takes a shortest allowed path, and where a switch has a choice the
 * least-loaded channel wins (or, unbalanced, the lowest port). A switch forwards on (input port, destination): one
 * entry for any input port (what its own hosts use) and one per input port whose choice differs.
 *
 * <p>Seed 002 §3.2.2 (tables on input port and destination), §3.2.3 ("minimises the deviation of link weight",
 * ref [59]) and §2.1.4 (TBTP: "a deadlock free routing table can now be constructed by only using turns considered
 * legal").
 *
 * <p>Forbidden turns are {@code forbidden[u][i * deg + j]}: at switch u, arriving over the link of
 * {@code out(u)[i]} and leaving over the link of {@code out(u)[j]} is forbidden (directed; callers that forbid both
 * directions set both).
 */
final class TurnTables {
    /**
     * The tables of one layer and, when asked for, each pair's path.
     *
     * @param forwarding entries in layer 0
     * @param paths      {@code paths[p]}: the channels pair p (in {@link Pairs} order) takes, or null when not kept
     */
    record Tables(List<ForwardingEntry> forwarding, int[][] paths) {
    }

    private TurnTables() {
    }

    /**
     * Builds the tables for every pair.
     *
     * @param engine    engine name for the error message
     * @param what      the kind of restriction, for the error message (e.g. "segment")
     * @param keepPaths whether to return each pair's channels
     * @param balance   break ties toward the least-loaded channel (false: the lowest port)
     * @throws RoutingFailure when a pair has no allowed path
     */
    static Tables build(String engine, String what, SwitchGraph g, Pairs pairs, boolean[][] forbidden,
                        boolean keepPaths, boolean balance) {
        int n = g.switchCount();
        int m = g.channelCount();
        int[] posInOut = LayerCdg.slotLayout(g)[1];
        int[] load = balance ? new int[m] : null;
        int[] remaining = new int[m];
        int[] choice = new int[m];
        int[] sourceChoice = new int[n];
        int[] scratch = new int[m + 1];
        int[][] paths = keepPaths ? new int[pairs.size()][] : null;
        List<ForwardingEntry> forwarding = new ArrayList<>();
        int p = 0;
        for (int d : pairs.destinations()) {
            allowedDistances(g, forbidden, posInOut, d, remaining);
            Arrays.fill(choice, -1);
            Arrays.fill(sourceChoice, -1);
            for (; p < pairs.size() && pairs.dst(p) == d; p++) {
                int s = pairs.src(p);
                int c = sourceChoice[s];
                if (c < 0) {
                    c = leastLoaded(g, forbidden, posInOut, -1, s, remaining, load);
                    if (c < 0) {
                        throw new RoutingFailure(engine + ": no allowed path from " + g.switchId(s) + " to "
                                + g.switchId(d) + " under the " + what + " restrictions");
                    }
                    sourceChoice[s] = c;
                }
                int hops = 0;
                count(load, c);
                scratch[hops++] = c;
                while (g.dst(c) != d) {
                    if (choice[c] < 0) {
                        choice[c] = leastLoaded(g, forbidden, posInOut, c, g.dst(c), remaining, load);
                    }
                    c = choice[c];
                    count(load, c);
                    scratch[hops++] = c;
                }
                if (paths != null) {
                    paths[p] = Arrays.copyOf(scratch, hops);
                }
            }
            emitEntries(g, d, sourceChoice, choice, forwarding);
        }
        return new Tables(forwarding, paths);
    }

    /** Remaining hops to d after each channel, over allowed turns; MAX_VALUE where d cannot be reached. */
    private static void allowedDistances(SwitchGraph g, boolean[][] forbidden, int[] posInOut, int d, int[] dist) {
        Arrays.fill(dist, Integer.MAX_VALUE);
        int[] queue = new int[g.channelCount()];
        int tail = 0;
        for (int c : g.in(d)) {
            dist[c] = 0;
            queue[tail++] = c;
        }
        for (int head = 0; head < tail; head++) {
            int c = queue[head];
            int u = g.src(c);
            int deg = g.degree(u);
            for (int pin : g.in(u)) {
                if (pin == SwitchGraph.reverse(c) || dist[pin] != Integer.MAX_VALUE
                        || forbidden[u][posInOut[SwitchGraph.reverse(pin)] * deg + posInOut[c]]) {
                    continue;
                }
                dist[pin] = dist[c] + 1;
                queue[tail++] = pin;
            }
        }
    }

    private static void count(int[] load, int c) {
        if (load != null) {
            load[c]++;
        }
    }

    /**
     * The least-loaded allowed channel out of u on a shortest allowed way to d (cin -1: u is the source); with
     * {@code load} null the first in port order.
     */
    private static int leastLoaded(SwitchGraph g, boolean[][] forbidden, int[] posInOut, int cin, int u,
                                   int[] remaining, int[] load) {
        int deg = g.degree(u);
        int best = -1;
        int want = cin < 0 ? Integer.MAX_VALUE : remaining[cin] - 1;
        if (cin < 0) {
            for (int c : g.out(u)) {
                want = Math.min(want, remaining[c]);
            }
            if (want == Integer.MAX_VALUE) {
                return -1;
            }
        }
        for (int c : g.out(u)) {
            if (remaining[c] != want || (cin >= 0 && (c == SwitchGraph.reverse(cin)
                    || forbidden[u][posInOut[SwitchGraph.reverse(cin)] * deg + posInOut[c]]))) {
                continue;
            }
            if (best < 0 || load != null && load[c] < load[best]) {
                best = c;
            }
        }
        return best;
    }

    /** One entry per switch for any input port, and one per input port whose choice differs from it. */
    private static void emitEntries(SwitchGraph g, int d, int[] sourceChoice, int[] choice,
                                    List<ForwardingEntry> forwarding) {
        String dst = g.switchId(d);
        for (int u = 0; u < g.switchCount(); u++) {
            if (u == d) {
                continue;
            }
            int any = sourceChoice[u];
            for (int cin : g.in(u)) {
                if (any < 0 && choice[cin] >= 0) {
                    any = choice[cin];
                }
            }
            if (any < 0) {
                continue;
            }
            forwarding.add(ForwardingEntry.of(g.switchId(u), dst, 0, g.srcPort(any)));
            for (int cin : g.in(u)) {
                if (choice[cin] >= 0 && choice[cin] != any) {
                    forwarding.add(new ForwardingEntry(g.switchId(u), dst, 0, g.dstPort(cin), null,
                            List.of(g.srcPort(choice[cin]))));
                }
            }
        }
    }
}
