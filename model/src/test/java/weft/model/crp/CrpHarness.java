package weft.model.crp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Carries the distributed protocol's messages between its nodes in memory: every hop takes one tick, and the next
 * message is either the earliest (FIFO among equals) or, with a random order, any pending one (every interleaving
 * the asynchronous protocol allows). It records, from the messages alone, the units each resource committed. A
 * host sends its granted data when the grant arrives, so the segments behind it in its queue request in turn.
 */
final class CrpHarness {
    final Map<Integer, ResourceNode> resources = new HashMap<>();
    final Map<Integer, CrpSource> hosts = new HashMap<>();
    /** The destination host of each destination resource; a grant to a resource not listed leaves its data unsent. */
    final Map<Integer, Integer> destinationHosts = new HashMap<>();
    final Map<Integer, Long> committed = new HashMap<>();
    final List<CrpMessage.Grant> granted = new ArrayList<>();
    final List<CrpMessage.Retry> retried = new ArrayList<>();
    private final List<Outbound> pending = new ArrayList<>();
    private final RandomGenerator order;
    private final int maxAttempt;
    private long dropFrom = Long.MAX_VALUE;
    private long now;
    private long delivered;
    private long dropped;

    /**
     * @param order      {@code null} for time order, else the random delivery order
     * @param maxAttempt re-requests beyond this many retries are not sent (so a run ends)
     */
    CrpHarness(RandomGenerator order, int maxAttempt) {
        this.order = order;
        this.maxAttempt = maxAttempt;
    }

    /** Messages that would leave at or after tick {@code t} are not sent (keeps a run inside one slot). */
    void dropFrom(long t) {
        dropFrom = t;
    }

    void send(List<Outbound> out) {
        for (Outbound o : out) {
            if (o.message() instanceof CrpMessage.Request r && r.attempt() > maxAttempt || o.at() >= dropFrom) {
                dropped++;
                continue;
            }
            pending.add(new Outbound(o.to(), o.message(), Math.max(o.at(), now) + 1));
        }
    }

    long now() {
        return now;
    }

    /** Requests not sent because of the attempt limit or the drop tick. */
    long dropped() {
        return dropped;
    }

    boolean step() {
        if (pending.isEmpty()) {
            return false;
        }
        int pick = 0;
        if (order != null) {
            pick = order.nextInt(pending.size());
        } else {
            for (int i = 1; i < pending.size(); i++) {
                if (pending.get(i).at() < pending.get(pick).at()) {
                    pick = i;
                }
            }
        }
        Outbound o = pending.remove(pick);
        now = Math.max(now, o.at());
        delivered++;
        CrpMessage m = o.message();
        if (o.to().kind() == Address.Kind.RESOURCE) {
            int id = o.to().index();
            List<Outbound> out = resources.get(id).onMessage(m, now);
            CrpMessage answer = out.get(0).message();
            boolean commits = answer instanceof CrpMessage.Grant
                    && (m instanceof CrpMessage.Grant || m instanceof CrpMessage.Request);
            if (commits) {
                committed.merge(id, ((CrpMessage.Grant) answer).units(), Long::sum);
            }
            send(out);
        } else {
            CrpSource host = hosts.get(o.to().index());
            if (m instanceof CrpMessage.Retry r) {
                retried.add(r);
            }
            send(host.onMessage(m, now));
            if (m instanceof CrpMessage.Grant g) {
                granted.add(g);
                Integer destination = destinationHosts.get(g.path().destination());
                if (destination != null) {
                    send(sendGranted(host, destination, g.startTick()));
                }
            }
        }
        return true;
    }

    /**
     * The host sends, at a grant's timestamp {@code at}, the granted data its queue to {@code destination} holds
     * (whole segments at once: the harness has no links); the requests that lets go are returned.
     */
    private static List<Outbound> sendGranted(CrpSource host, int destination, long at) {
        while (host.peek(destination, at) == CrpClass.DATA) {
            host.pull(destination, at, Long.MAX_VALUE);
        }
        return host.requests(destination, at);
    }

    void run(long limit) {
        long start = delivered;
        while (step()) {
            if (delivered - start > limit) {
                throw new IllegalStateException("harness: still busy after " + limit + " deliveries");
            }
        }
    }
}
