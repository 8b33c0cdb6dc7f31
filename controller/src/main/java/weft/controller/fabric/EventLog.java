package weft.controller.fabric;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fabric service's record of what it did and saw: every {@link FabricEvent} (also logged, failures and
 * errors as warnings) and the count of OpenFlow errors switches reported.
 */
final class EventLog {
    /** Logs as the service, so log lines read as they always have. */
    private static final Logger LOG = LoggerFactory.getLogger(FabricService.class);

    private final List<FabricEvent> events = new CopyOnWriteArrayList<>();
    private final AtomicLong openflowErrors = new AtomicLong();

    void event(FabricEvent.Kind kind, String detail) {
        FabricEvent e = new FabricEvent(System.currentTimeMillis(), kind, detail);
        events.add(e);
        if (kind == FabricEvent.Kind.FAILURE || kind == FabricEvent.Kind.OPENFLOW_ERROR
                || kind == FabricEvent.Kind.UNKNOWN_SWITCH) {
            LOG.warn("{}", e);
        } else {
            LOG.info("{}", e);
        }
    }

    /** Counts {@code n} errors a switch reported for Weft's messages. */
    void openflowErrors(int n) {
        openflowErrors.addAndGet(n);
    }

    long openflowErrors() {
        return openflowErrors.get();
    }

    FabricEvent last() {
        return events.get(events.size() - 1);
    }

    List<FabricEvent> events() {
        return List.copyOf(events);
    }
}
