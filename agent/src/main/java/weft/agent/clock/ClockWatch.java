package weft.agent.clock;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.model.crp.ClockOffset;

/**
 * Keeps a running agent's offset from the controller's slot clock current: measures it by SNTP ({@link SntpProbe})
 * once at once and then every period, on a thread of its own (the exchanges block), and hands each measurement to a
 * consumer (the data path, which paces reserved data by it). A failed measurement is logged when the server's
 * answer changes from good to bad, not every period; the last good offset stays in use until its error grows past
 * the tolerance ({@code weft.model.crp.SlotSync#usableAt}).
 */
public final class ClockWatch implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClockWatch.class);

    private final SntpProbe probe;
    private final int samples;
    private final Duration period;
    private final Consumer<ClockOffset> measured;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "weft-sntp");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;
    private volatile InetSocketAddress server;
    private volatile ClockOffset last;
    private volatile boolean failing;

    /**
     * @param samples  exchanges per measurement (the least-delay one is kept)
     * @param period   time between measurements
     * @param measured told of every good measurement, on this watch's thread
     */
    public ClockWatch(SntpProbe probe, int samples, Duration period, Consumer<ClockOffset> measured) {
        this.probe = probe;
        this.samples = samples;
        this.period = period;
        this.measured = measured;
    }

    /** Measures against {@code sntpServer} from now on (the first time: starts measuring). */
    public synchronized void watch(InetSocketAddress sntpServer) {
        if (sntpServer.equals(server) && task != null) {
            return;
        }
        server = sntpServer;
        if (task != null) {
            task.cancel(false);
        }
        task = timer.scheduleWithFixedDelay(this::measure, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void measure() {
        InetSocketAddress s = server;
        try {
            ClockOffset o = probe.measure(s, samples);
            last = o;
            if (failing) {
                LOG.info("sntp {}: answering again (offset {} ns, error {} ns)", s, o.offset(), o.error());
                failing = false;
            }
            measured.accept(o);
        } catch (IOException | RuntimeException e) {
            if (!failing) {
                LOG.warn("sntp {}: {}; reserved data waits for a good measurement", s, e.getMessage());
                failing = true;
            }
        }
    }

    /** The last good measurement, or null. */
    public ClockOffset last() {
        return last;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
