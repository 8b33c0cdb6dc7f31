package weft.controller.agentlink;

import weft.controller.ha.NotMasterException;
import weft.controller.ha.StateStore;
import weft.model.protocol.ControlMessage;

/**
 * The agent registry's part in an HA cluster ({@code weft controller run --ha}): a standby takes no agents and no
 * rates (it names the master), and the master keeps every hand-set rate and CRP grant in the cluster's state before
 * it answers, so the next master has it.
 */
public interface AgentCluster {
    /** Null while this controller is master; otherwise the answer for agents and admin requests. */
    ControlMessage.NotMaster standby();

    /**
     * Keeps a hand-set rate in the cluster (or forgets it, {@code bitsPerSecond < 0}).
     *
     * @throws NotMasterException when the cluster refuses the write
     */
    void keep(String src, String dst, long bitsPerSecond, String policy);

    /** The cluster's state, where the master keeps its CRP bookings ({@code crp-reservations}). */
    StateStore store();
}
