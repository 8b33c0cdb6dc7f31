package weft.controller.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting in socket and cluster tests: poll a condition every 10 ms until it holds, and fail naming what was awaited
 * once the deadline passes. Tests wait for a condition, never a fixed time.
 */
public final class Await {
    /** How long a test waits for a condition unless it says otherwise. */
    public static final Duration DEFAULT = Duration.ofSeconds(20);

    private Await() {
    }

    /** Waits up to {@link #DEFAULT} for {@code condition}. */
    public static void until(String what, BooleanSupplier condition) throws InterruptedException {
        until(what, condition, DEFAULT);
    }

    /**
     * Waits up to {@code timeout} for {@code condition}.
     *
     * @throws AssertionError naming {@code what} and the timeout when it does not hold in time
     */
    public static void until(String what, BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for " + what);
            }
            Thread.sleep(10);
        }
    }
}
