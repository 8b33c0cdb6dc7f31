package weft.agent.datapath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The receiving end of the exactly-once stream tests (the agent's restarts here, the controller's in the
 * integration tests): collects a stream's messages on a thread of its own. The test-jar of the agent exports this
 * class alone.
 */
public final class StreamCollector {
    /** How long to wait after the expected messages for one more: a duplicate would show up then. */
    private static final long EXTRA_WAIT_MS = 500;

    private StreamCollector() {
    }

    /**
     * Takes the first {@code count} messages {@code rx} receives, then any that comes within {@link #EXTRA_WAIT_MS},
     * and closes {@code rx}.
     */
    public static CompletableFuture<List<StreamReceiver.Message>> collect(StreamReceiver rx, int count) {
        return CompletableFuture.supplyAsync(() -> {
            List<StreamReceiver.Message> out = new ArrayList<>();
            try (rx) {
                while (out.size() < count) {
                    out.add(rx.receive());
                }
                StreamReceiver.Message extra = rx.receive(EXTRA_WAIT_MS);
                if (extra != null) {
                    out.add(extra);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out;
        });
    }
}
