package weft.model.rate;

/**
 * The two single-link share rules of seed 004 §4.3: Alg. 1 MAXMIN (smallest request first, after Dally and
 * Towles) and BKLGPROP (backlog-proportional), corrected. Used by {@link MaxMin}, {@link BacklogProportional} and
 * the link proxies of {@code weft.model.rate.distributed.LinkProxyScheduler}.
 *
 * <p>A request of {@code null} means "unlimited" (no demand cap).
 */
public final class LinkShare {
    private LinkShare() {
    }

    /**
     * Seed 004 Alg. 1: shares of capacity {@code c} for requests {@code q}, smallest request first; each gets
     * {@code min(q, u / |Q|)} of the unused capacity {@code u}.
     */
    public static <N> N[] maxMin(Arithmetic<N> a, N[] q, N c) {
        int n = q.length;
        N[] s = a.newArray(n);
        boolean[] done = new boolean[n];
        N u = c;
        for (int left = n; left > 0; left--) {
            // Line 5: the smallest remaining request (null = unlimited, largest).
            int pick = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && (pick < 0 || q[pick] == null && q[i] != null
                        || q[i] != null && q[pick] != null && a.compare(q[i], q[pick]) < 0)) {
                    pick = i;
                }
            }
            N even = a.div(u, a.of(left));
            s[pick] = q[pick] == null ? even : a.min(q[pick], even);
            u = a.sub(u, s[pick]);
            done[pick] = true;
        }
        return s;
    }

    /**
     * Seed 004 BKLGPROP, corrected: shares of capacity {@code c} for requests {@code q} and backlogs {@code b}. Every
     * remaining flow gets {@code b_ij / b_l · u_l}; a flow whose request is smaller is capped at its request and
     * leaves, taking its backlog out of {@code b_l} (erratum, line 15: {@code b_l ← b_l − b_ij}, not {@code − s_ijl};
     * docs/sources.md). Repeat until a pass caps nobody. With every {@code b = 1} this is the max-min share.
     */
    public static <N> N[] bklgProp(Arithmetic<N> a, N[] q, N[] b, N c) {
        int n = q.length;
        N[] s = a.newArray(n);
        boolean[] capped = new boolean[n];
        N u = c;
        N bl = a.zero();
        for (N x : b) {
            bl = a.add(bl, x);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < n; i++) {
                if (capped[i]) {
                    continue;
                }
                // Line 10; guard [project]: a link whose remaining backlog is 0 shares nothing out.
                s[i] = a.signum(bl) > 0 ? a.mul(a.div(b[i], bl), u) : a.zero();
                if (q[i] != null && a.compare(q[i], s[i]) < 0) {
                    s[i] = q[i];
                    capped[i] = true;
                    changed = true;
                    bl = a.sub(bl, b[i]);
                    u = a.sub(u, s[i]);
                }
            }
        }
        return s;
    }
}
