package weft.controller.fabric;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import weft.controller.openflow.TransactionResult;

/** Forwards to every observer added to the fabric service ({@link FabricService#addObserver}). */
final class FabricObservers implements FabricObserver {
    private final List<FabricObserver> all = new CopyOnWriteArrayList<>();

    void add(FabricObserver observer) {
        all.add(observer);
    }

    @Override
    public void routesComputed(long computeNanos, long verifyNanos) {
        all.forEach(o -> o.routesComputed(computeNanos, verifyNanos));
    }

    @Override
    public void routesFailed() {
        all.forEach(FabricObserver::routesFailed);
    }

    @Override
    public void updatePhase(String phase, long nanos, int messages) {
        all.forEach(o -> o.updatePhase(phase, nanos, messages));
    }

    @Override
    public void update(long nanos, boolean ok) {
        all.forEach(o -> o.update(nanos, ok));
    }

    @Override
    public void transaction(TransactionResult result) {
        all.forEach(o -> o.transaction(result));
    }
}
