package weft.model.rate;

/**
 * How a flow's attributes become the allocator's weight {@code w_f} and demand.
 *
 * <p>Seed 000 §1.4: single application {@code w_f = d_f} (the size); independent flows {@code w_f} = an arbitrary
 * priority; multiple applications {@code w_f = β_a · d_f}. Seed 004 §4.2: the request is the backlog that clears in
 * one scheduling interval ({@code q_ij = b_ij}).
 */
public enum WeightBasis {
    /** {@code w_f} = the flow's weight (FFA: independent flows). */
    WEIGHT,
    /** {@code w_f = d_f}, the flow's size (SAA, SAA-M: one phase-based application). */
    SIZE,
    /** {@code w_f = β_a · d_f} with the flow's weight as {@code β_a} (AFA: several applications). */
    WEIGHT_TIMES_SIZE,
    /** Unit weight, demand = backlog per scheduling interval (seed 004 max-min). */
    BACKLOG_DEMAND_UNIT,
    /** Backlog weight, demand = backlog per scheduling interval (seed 004 backlog-proportional). */
    BACKLOG_DEMAND_PROPORTIONAL
}
