package weft.model.repro;

import weft.model.sim.SimConfig;

/**
 * The four corners of seed 004's strict/loose model (§3.3.1, Fig. 3.10) under the all-to-all partition pattern
 * (tenants of m servers, each server sending to the other members). Loose flow control: Poisson arrivals and a random
 * member per packet (every flow Poisson); strict: arrivals paced by each frame's size and the members in turn, each
 * source in an order of its own (every flow periodic; in one shared order all of a tenant's sources would aim at one
 * member at a time, a rolling incast). Loose routing: VLB; strict: Multi-Phase (§3.3.1: "the multiphase load balancer
 * will achieve periodic path selection at every stage whenever possible").
 */
enum Corner {
    LOOSE_VLB("loose FC, loose routing (VLB)"),
    LOOSE_MP("loose FC, strict routing (MP)"),
    STRICT_VLB("strict FC, loose routing (VLB)"),
    STRICT_MP("strict FC, strict routing (MP)");

    final String label;

    Corner(String label) {
        this.label = label;
    }

    /** Strict flow control: periodic flows; loose: Poisson. */
    boolean strictFlowControl() {
        return this == STRICT_VLB || this == STRICT_MP;
    }

    /** The path policy: VLB (loose routing) or Multi-Phase (strict). */
    String policy() {
        return this == LOOSE_VLB || this == STRICT_VLB ? "vlb" : "mp";
    }

    /** The fabric's run configuration for this corner's arrivals and path policy, with these frames. */
    SimConfig config(DataCenterFabric.Options fabric, DataCenterFabric.Frames frames, long seed) {
        return fabric.config(frames, strictFlowControl() ? SimConfig.Arrivals.PERIODIC : SimConfig.Arrivals.POISSON,
                policy(), seed);
    }

    /** The traffic pattern: tenants of {@code m} servers, members random per packet (loose) or in turn (strict). */
    String pattern(int m) {
        return "tenants:" + m + (strictFlowControl() ? ":shuffled" : ":random");
    }
}
