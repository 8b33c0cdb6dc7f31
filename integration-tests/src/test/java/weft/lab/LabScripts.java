package weft.lab;

import java.time.Duration;

/**
 * Shell one-liners and waits shared by the lab tests that build their own small fabric by hand
 * ({@code AgentLabTest}, {@code AgentRestartLabTest}).
 */
final class LabScripts {
    /** A condition polled by {@link #await}. */
    interface Check {
        boolean ok() throws Exception;
    }

    private LabScripts() {
    }

    /** Runs {@code sh -c command} and returns its output; throws with the output unless it exits 0. */
    static String sh(String command) {
        return Shell.check(Duration.ofSeconds(30), null, "sh", "-c", command).stdout();
    }

    /** Runs {@code sh -c command} and ignores how it ends (teardown of what may not exist). */
    static void quiet(String command) {
        Shell.run(Duration.ofSeconds(30), null, "sh", "-c", command);
    }

    /** Polls {@code c} every 100 ms; fails naming {@code what} after {@code seconds}. */
    static void await(String what, Check c, int seconds) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (!c.ok()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("timed out after " + seconds + " s waiting for " + what);
            }
            Thread.sleep(100);
        }
    }
}
