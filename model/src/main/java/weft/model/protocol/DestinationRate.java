package weft.model.protocol;

import java.util.List;

/**
 * The controller's instruction for one VOQ of a host: where the destination is, its rate, and how to spread it.
 *
 * @param dst           destination host id, e.g. {@code "h2"}
 * @param dstIp         the destination agent's IPv4 address
 * @param dstPort       the destination agent's data UDP port
 * @param bitsPerSecond rate of the VOQ, >= 0
 * @param policy        path policy name (ecmp, vlb, rr, prr, srr, sd, psd, tp, ptp, mp, pmp)
 * @param paths         allowed paths; empty means one default path from the agent's data port
 * @param tenant        tenant id written into the shim header, 0..65535
 * @param manual        the rate was set by hand ({@code weft rates set}), not by an allocator; the agent reports it
 *                      back ({@link VoqReport#manual()}) so a restarted controller keeps it as hand-set (optional
 *                      within version 1: false when absent; boxed so that an absent field
 *                      reads as false)
 */
public record DestinationRate(String dst, String dstIp, int dstPort, long bitsPerSecond, String policy,
                              List<PathSpec> paths, int tenant, Boolean manual) {
    /** A rate whose origin is not said (an allocator's, or from a peer before {@code manual} existed). */
    public DestinationRate(String dst, String dstIp, int dstPort, long bitsPerSecond, String policy,
                           List<PathSpec> paths, int tenant) {
        this(dst, dstIp, dstPort, bitsPerSecond, policy, paths, tenant, false);
    }

    public DestinationRate {
        manual = Boolean.TRUE.equals(manual);
        if (dst == null || dst.isBlank()) {
            throw new IllegalArgumentException("dst must be a non-empty host id");
        }
        if (bitsPerSecond < 0) {
            throw new IllegalArgumentException("dst " + dst + ": bitsPerSecond must be >= 0, got " + bitsPerSecond);
        }
        if (dstPort < 1 || dstPort > 65535) {
            throw new IllegalArgumentException("dst " + dst + ": dstPort must be in 1..65535, got " + dstPort);
        }
        if (tenant < 0 || tenant > 65535) {
            throw new IllegalArgumentException("dst " + dst + ": tenant must be in 0..65535, got " + tenant);
        }
        policy = policy == null ? "sd" : policy;
        paths = paths == null ? List.of() : List.copyOf(paths);
        for (int i = 0; i < paths.size(); i++) {
            if (paths.get(i).id() != i) {
                throw new IllegalArgumentException("dst " + dst + ": paths[" + i + "] has id " + paths.get(i).id()
                        + ", expected ids 0..n-1 in order");
            }
        }
    }
}
