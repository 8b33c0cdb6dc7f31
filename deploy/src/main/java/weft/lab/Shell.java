package weft.lab;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a command with a timeout and captures its output; failures name the command, exit code and stderr. */
public final class Shell {
    /** Default timeout of one command. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /** What a command printed and how it ended. */
    public record Result(List<String> command, int exit, String stdout, String stderr) {
        public boolean ok() {
            return exit == 0;
        }
    }

    private Shell() {
    }

    /** Runs the command and throws {@link LabException} unless it exits 0. */
    public static Result check(String... command) {
        return check(DEFAULT_TIMEOUT, null, command);
    }

    /** Runs the command, feeding {@code stdin} when not null, and throws unless it exits 0. */
    public static Result check(Duration timeout, String stdin, String... command) {
        Result r = run(timeout, stdin, command);
        if (!r.ok()) {
            throw new LabException("command failed (exit " + r.exit() + "): " + String.join(" ", command)
                    + (r.stderr().isBlank() ? "" : "\n  stderr: " + r.stderr().strip())
                    + (r.stdout().isBlank() ? "" : "\n  stdout: " + r.stdout().strip()));
        }
        return r;
    }

    /** Runs the command and returns how it ended; kills it and throws after the timeout. */
    public static Result run(Duration timeout, String stdin, String... command) {
        ProcessBuilder pb = new ProcessBuilder(command);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new LabException("cannot start " + String.join(" ", command) + ": " + e.getMessage(), e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread tOut = pump(p.getInputStream(), out);
        Thread tErr = pump(p.getErrorStream(), err);
        try (OutputStream in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the command exited before reading its input; its exit code tells the rest
        }
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new LabException("command timed out after " + timeout + ": " + String.join(" ", command));
            }
            tOut.join();
            tErr.join();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while running " + String.join(" ", command), e);
        }
        return new Result(List.of(command), p.exitValue(), out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8));
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream sink) {
        Thread t = new Thread(() -> {
            try (in) {
                in.transferTo(sink);
            } catch (IOException e) {
                // stream closed by the process ending
            }
        }, "shell-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
