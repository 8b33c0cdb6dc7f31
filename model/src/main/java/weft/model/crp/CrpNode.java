package weft.model.crp;

import java.util.List;

/**
 * A participant of the distributed protocol: handles one message at a time, atomically, at tick {@code now}, and
 * returns the messages to send (as {@code weft.model.rate.distributed.Node} does for the rate protocols).
 */
public interface CrpNode {
    List<Outbound> onMessage(CrpMessage message, long now);
}
