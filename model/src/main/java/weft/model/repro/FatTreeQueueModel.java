package weft.model.repro;

/**
 * Seed 004 App. B's M/M/1/K models of the k-port, l-level fat tree (§3.3.2): every switch output port is an M/M/1/K
 * queue fed by Poisson traffic, every server sends at the offered load to uniformly random destinations over random
 * paths (all-to-all with VLB), and a queue's departures are its arrivals less its drops. The result is the average
 * flow's loss, {@code 1 - T_D(1) / load}. The logical tree variant scales each queue's K by the number of fat-tree
 * links its logical link stands for (B.18-B.19), taking routing out of the picture.
 *
 * <p>As printed the model does not run; these are the corrections (hand-derived from the model's own definitions):
 * B.17 gives the drop probability p_K, so a queue's throughput is {@code rate * (1 - p_K)} (B.15-B.16); B.14's first
 * term is the down-to-down rate λ_{D→D}(i), not λ_{D→U}(i) (at the root it must give back T_U(l - 1)); B.10 takes the
 * traffic coming down from a level-(i + 1) down queue, T_D(i + 1) / D(i), so up queues are computed bottom-up and
 * down queues top-down; a logical down queue at level i stands for S(i) / D(i) links and an up queue at level i for
 * S(i + 1) / D(i + 1) (B.18-B.19 as printed swap them and need S(l + 1)).
 *
 * @param k       switch ports (even)
 * @param levels  switch levels l
 * @param queue   K: packets a queue holds, the one in service included
 * @param logical true for the logical tree (queues scaled), false for the fat tree
 */
record FatTreeQueueModel(int k, int levels, int queue, boolean logical) {
    FatTreeQueueModel {
        if (k < 2 || k % 2 != 0 || levels < 2 || queue < 1) {
            throw new IllegalArgumentException("queueing model: k must be even and at least 2, levels at least 2 and "
                    + "K at least 1, got k = " + k + ", l = " + levels + ", K = " + queue);
        }
    }

    /** M/M/1/K drop probability at utilisation rho (B.2, B.17): {@code (1 - rho) rho^K / (1 - rho^(K + 1))}. */
    static double dropProbability(double rho, double capacity) {
        if (Math.abs(1 - rho) < 1e-12) {
            return 1 / (capacity + 1);
        }
        return (1 - rho) * Math.pow(rho, capacity) / (1 - Math.pow(rho, capacity + 1));
    }

    /** Servers below a level-i switch (B.3). */
    private double servers(int i) {
        return i < levels ? Math.pow(k / 2.0, i) : k * Math.pow(k / 2.0, levels - 1);
    }

    private double down(int i) {
        return i < levels ? k / 2.0 : k;
    }

    private double up(int i) {
        return i < levels ? k / 2.0 : 0;
    }

    /** A queue at this rate whose K stands for {@code links} fat-tree links: its throughput. */
    private double through(double rate, double links) {
        return rate * (1 - dropProbability(rate, logical ? queue * links : queue));
    }

    /** The average flow's loss when every server offers {@code load} (a fraction of its link). */
    double loss(double load) {
        if (!(load > 0) || load > 1) {
            throw new IllegalArgumentException("queueing model: load must be in (0, 1], got " + load);
        }
        double n = servers(levels);
        double[] upThroughput = new double[levels + 1];
        upThroughput[0] = load;
        for (int i = 1; i < levels; i++) {
            double toUp = upThroughput[i - 1] * (n - servers(i)) / (n - servers(i - 1)) / up(i);
            upThroughput[i] = through(toUp * down(i), servers(i + 1) / down(i + 1));
        }
        double downThroughput = 0;
        for (int i = levels; i >= 1; i--) {
            double downToDown = upThroughput[i - 1] * servers(i - 1) / (n - servers(i - 1));
            double fromAbove = i < levels ? downThroughput / down(i) : 0;
            downThroughput = through((down(i) - 1) * downToDown + up(i) * fromAbove, servers(i) / down(i));
        }
        return Math.max(0, 1 - downThroughput / load);
    }

    /** The largest load, to within 10^-4, at which the average flow loses at most {@code threshold}. */
    double usable(double threshold) {
        if (loss(1) <= threshold) {
            return 1;
        }
        double lo = 0;
        double hi = 1;
        while (hi - lo > 1e-4) {
            double mid = (lo + hi) / 2;
            if (loss(mid) <= threshold) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
