package weft.model.sim;

/**
 * A protocol the hosts and switches run beside (or instead of) plain injection: hosts with their own traffic and
 * control packets ({@link Nic}), and switches that act on packets ({@link SwitchAgent}). A congestion-control or
 * reservation scheme plugs into the simulator here (seed 001's CRP and its ECN baseline, TCP NewReno hosts); one
 * instance serves one run ({@link Workload.Driven}).
 */
public interface Protocol {
    /** The network interface of host {@code host}, with its own random stream's seed. */
    Nic nic(int host, long seed);

    /**
     * Whether the NICs' packets to hosts take the sending host's path policy ({@link SimConfig#pathPolicy}), chosen per
     * packet as plain hosts' packets are (seed 004 §3.2: packet-level routing below the host's own layer), rather than
     * their pair's first path. Needs routes of one layer, so that every path of a pair is in the same lanes.
     */
    default boolean spreadsPaths() {
        return false;
    }

    /** What the switches do, or null for nothing. */
    default SwitchAgent switches() {
        return null;
    }
}
