package weft.model.host.path;

import java.util.random.RandomGenerator;

/**
 * Valiant load balancing: every packet independently takes a path chosen uniformly at random.
 *
 * <p>Source: seed 004 §3.1.4 and §3.2: traffic-pattern independent, balanced over long time scales, imbalanced over
 * short ones (up to p² packets on one path in a round of p intervals).
 */
final class Vlb {
    private Vlb() {
    }

    /** The policy: each packet takes one of its destination's {@code paths} paths uniformly at random. */
    static PathPolicy of(RandomGenerator random) {
        return (dest, paths, bytes) -> random.nextInt(paths);
    }
}
