package weft.controller.openflow;

import java.util.List;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;

/**
 * The outcome of one barrier-confirmed transaction: the switch processed every message before the barrier reply,
 * and these are the errors it reported for the transaction's xids (they arrive before the barrier reply).
 *
 * @param dpid       the switch, as 16 hex digits
 * @param messages   number of messages sent before the barrier
 * @param errors     errors whose xid belongs to the transaction, in arrival order
 * @param nanos      time from the first write to the barrier reply
 */
public record TransactionResult(String dpid, int messages, List<OFErrorMsg> errors, long nanos) {
    public TransactionResult {
        errors = List.copyOf(errors);
    }

    /** True when the switch reported no error for any message of the transaction. */
    public boolean ok() {
        return errors.isEmpty();
    }
}
