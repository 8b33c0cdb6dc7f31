package weft.controller.fabric;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.model.routing.RoutingFailure;
import weft.model.routing.RoutingResult;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

/**
 * The route check the controller runs before programming: the model's independent {@link DeadlockVerifier}
 * (connected, loop-free, well-formed, shortest where promised, every layer's channel dependency graph acyclic).
 *
 * <p>Decision: by default any finding refuses the result. With {@code allowDeadlock}, a result whose only finding
 * is a dependency cycle is programmed with a warning (MinHop or DOR on a torus, for fabrics that are not lossless);
 * black holes, loops, malformed entries and broken shortest-path promises are refused either way.
 */
public final class DeadlockVerification implements RouteVerifier {
    private static final Logger LOG = LoggerFactory.getLogger(DeadlockVerification.class);

    private final boolean allowDeadlock;

    public DeadlockVerification(boolean allowDeadlock) {
        this.allowDeadlock = allowDeadlock;
    }

    @Override
    public void verify(Topology topology, RoutingResult result) {
        VerificationReport report = DeadlockVerifier.verify(topology, result);
        if (report.ok()) {
            return;
        }
        boolean onlyDeadlock = report.connected() && report.malformed().count() == 0
                && report.nonShortest().count() == 0;
        if (allowDeadlock && onlyDeadlock) {
            LOG.warn("{} on {}: programming despite: {}", result.engine(), topology.name(), report.verdict());
            return;
        }
        throw new RoutingFailure(result.engine() + " on " + topology.name() + ": routes refused by the verifier: "
                + report.verdict() + (onlyDeadlock ? " (--allow-deadlock programs them anyway)" : ""));
    }
}
