package weft.controller.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import picocli.CommandLine;

/**
 * Runs a command of the launcher in a test as {@code weft} would (picocli, exit code) and keeps everything it printed
 * to standard output and standard error across the runs of one test. Registered as an extension
 * ({@code @RegisterExtension}) it also gives each test a fresh working directory for the command's files, deleted
 * after the test.
 */
final class CliRun implements BeforeEachCallback, AfterEachCallback {
    private final Supplier<Object> command;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private Path dir;

    /** @param command makes a fresh command object for each run */
    CliRun(Supplier<Object> command) {
        this.command = command;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("weft-cli-test");
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** Runs the command with {@code args}; returns its exit code. */
    int run(String... args) {
        CommandLine cmd = new CommandLine(command.get());
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    /** The test's working directory (registered as an extension only). */
    Path dir() {
        if (dir == null) {
            throw new IllegalStateException("CliRun gives a directory only when registered with @RegisterExtension");
        }
        return dir;
    }

    /** The path of {@code name} in the test's working directory. */
    Path path(String name) {
        return dir().resolve(name);
    }

    /** The path of {@code name} in the test's working directory, as a command-line argument. */
    String file(String name) {
        return dir().resolve(name).toString();
    }

    /** What the runs printed to standard output so far. */
    String out() {
        return out.toString();
    }

    /** Forgets what the runs printed to standard output so far. */
    void clearOut() {
        out.getBuffer().setLength(0);
    }

    /** What the runs printed to standard error so far. */
    String err() {
        return err.toString();
    }

    /** Forgets what the runs printed to standard error so far. */
    void clearErr() {
        err.getBuffer().setLength(0);
    }
}
