package weft.bench;

import picocli.CommandLine.Command;

/** {@code weft bench}: side-by-side benchmarks that print a table. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks with a table of results.",
        subcommands = {AgentBench.class})
public final class BenchCommand implements Runnable {
    @picocli.CommandLine.Spec
    private picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Runs the bench command alone. */
    public static void main(String[] args) {
        System.exit(new picocli.CommandLine(new BenchCommand()).execute(args));
    }
}
