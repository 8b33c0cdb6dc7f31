package weft.agent.datapath;

import java.util.HashMap;
import java.util.Map;

/**
 * Which application connection sends each reliable stream, so that the stream's acknowledgements (shim kind 4 from
 * the receiving agent) reach it as 'K' frames: the only stream state an agent keeps ({@link StreamSender} and
 * {@link StreamReceiver} hold the rest, end to end). An 'O' frame claims a stream id for its connection (a
 * reconnecting sender claims it again); a closed connection gives its streams up. At most {@code max} streams are
 * held.
 *
 * @param <A> the application connection
 */
final class StreamOwners<A> {
    private final int max;
    private final Map<Long, A> owners = new HashMap<>();

    StreamOwners(int max) {
        this.max = max;
    }

    /**
     * {@code app} sends stream {@code id}.
     *
     * @return null, or why the claim is refused
     */
    String claim(long id, A app) {
        if (!owners.containsKey(id) && owners.size() >= max) {
            return "local api: " + max + " streams are open on this agent, the most it holds";
        }
        owners.put(id, app);
        return null;
    }

    /** The connection that sends stream {@code id}, or null. */
    A owner(long id) {
        return owners.get(id);
    }

    /** {@code app} closed: its streams have no owner any more. */
    void closed(A app) {
        owners.values().removeIf(a -> a == app);
    }
}
