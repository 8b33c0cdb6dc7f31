package weft.model.crp;

/**
 * CRP's four virtual-channel classes (seed 001 §2.5): control first, speculative last. Packet types may share
 * channels and a network with several data VCs shares the control and speculative ones among them; the four
 * classes are what every packet is sorted into.
 *
 * <table>
 *   <caption>Classes</caption>
 *   <tr><th>class</th><th>carries</th><th>priority</th><th>droppable</th></tr>
 *   <tr><td>REQUEST</td><td>reservation requests</td><td>0 (highest)</td><td>no</td></tr>
 *   <tr><td>RESPONSE</td><td>grants, retries, ACKs, NACKs</td><td>0 (highest)</td><td>no</td></tr>
 *   <tr><td>DATA</td><td>granted packets and small flows that do not use CRP</td><td>1</td><td>no</td></tr>
 *   <tr><td>SPECULATIVE</td><td>packets sent before a grant</td><td>2 (lowest)</td><td>after {@code TTW}</td></tr>
 * </table>
 */
public enum CrpClass {
    REQUEST(0),
    RESPONSE(0),
    DATA(1),
    SPECULATIVE(2);

    private final int priority;

    CrpClass(int priority) {
        this.priority = priority;
    }

    /** Arbitration priority: lower goes first. */
    public int priority() {
        return priority;
    }
}
