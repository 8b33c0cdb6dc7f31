package weft.model.host.path;

import java.util.random.RandomGenerator;

/**
 * Chooses the path of each packet a server sends. Seed 004 §3.2: all policies run at the sending server; a path is
 * an intermediate (top-level) switch, here the index of one of the paths the controller allowed for the
 * destination. Not thread-safe: the data-path thread owns it.
 */
public interface PathPolicy {
    /**
     * Picks the path for a packet of {@code bytes} to destination {@code dest} (a dense VOQ index) that has
     * {@code paths} allowed paths; returns {@code 0..paths-1}.
     */
    int choose(int dest, int paths, int bytes);

    /**
     * Declares the link ids of path {@code path} to {@code dest}; only Multi-Phase uses them, the other policies
     * are topology-oblivious and ignore the call.
     */
    default void setPathLinks(int dest, int path, int[] linkIds) {
    }

    /** Whether this policy counts bytes per link and so needs {@link #setPathLinks} (Multi-Phase, P-MP). */
    default boolean usesPathLinks() {
        return false;
    }

    /** The policy names accepted by {@link #create}, as the controller's messages spell them. */
    String NAMES = "ecmp, vlb, rr, prr, srr, sd, psd, tp, ptp, mp, pmp";

    /**
     * Creates a policy by name for up to {@code maxDests} destinations and {@code maxPaths} paths.
     *
     * @param srcKey the sender's identity, hashed by ECMP together with the destination
     */
    static PathPolicy create(String name, int maxDests, int maxPaths, long srcKey, RandomGenerator random) {
        return create(name, maxDests, maxPaths, 4 * maxPaths + 4, srcKey, random);
    }

    /**
     * As {@link #create(String, int, int, long, RandomGenerator)}, with room for link ids {@code 0..maxLinks-1}
     * (Multi-Phase counts bytes per link; the simulator declares the channel ids of the switch graph).
     */
    static PathPolicy create(String name, int maxDests, int maxPaths, int maxLinks, long srcKey,
                             RandomGenerator random) {
        return switch (name) {
            case "ecmp" -> EcmpHash.of(srcKey);
            case "vlb" -> Vlb.of(random);
            case "rr" -> RoundRobin.randomOrder(maxPaths, random);
            case "prr" -> new PeriodicRoundRobin(maxPaths, random);
            case "srr" -> SurplusRoundRobin.randomOrder(maxPaths, SurplusRoundRobin.DEFAULT_QUANTUM, random);
            case "sd", "psd" -> new SortedDeficit(TieOrder.random(maxPaths, random, name.startsWith("p")));
            case "tp", "ptp" -> new TwoPhase(maxDests, TieOrder.random(maxPaths, random, name.startsWith("p")));
            case "mp", "pmp" -> new MultiPhase(maxDests, maxLinks,
                    TieOrder.random(maxPaths, random, name.startsWith("p")));
            default -> throw new IllegalArgumentException(
                    "path policy: unknown name '" + name + "', expected one of " + NAMES);
        };
    }
}
