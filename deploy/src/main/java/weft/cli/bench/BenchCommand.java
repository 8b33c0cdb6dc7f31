package weft.cli.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.RandomIrregular;
import weft.model.topology.generate.Torus;
import weft.model.topology.Topology;
import weft.controller.cli.CommandGroup;

/**
 * {@code weft bench routing}: compute time (wall and CPU of the computing thread, best of 3 runs up to 256 switches,
 * one run above), allocated memory and layers of LASH, SR and Up*&#47;Down* on random fabrics of 16-1024 switches
 * (degree 4 and 8), tori 4x8, 8x8, 16x16 and the 16-ary 3-tree, each result checked by the independent verifier, with
 * OpenSM's LASH under ibsim in the same table ({@code --opensm}; its time is LASH's own, from OpenSM's log, up to its
 * tables or its failure).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks that compare Weft side by side with a peer.",
        subcommands = {BenchCommand.Routing.class, AgentBench.class, ProgramBenchCommand.class,
            SimBenchCommand.class})
public final class BenchCommand extends CommandGroup {
    /** The routing table: layers, time and memory per engine and fabric. */
    @Command(name = "routing", mixinStandardHelpOptions = true,
            description = "Layers, compute time and memory of LASH, SR, Up*/Down* (and OpenSM's LASH).")
    static final class Routing implements Callable<Integer> {
        /** The table's columns. */
        private static final String ROW = "%-18s %5s %5s  %-8s %6s %10s %10s %10s  %s%n";

        @Option(names = "--engines", split = ",", description = "Engines (default: ${DEFAULT-VALUE}).",
                defaultValue = "lash,sr,updown")
        List<String> engines;

        @Option(names = "--fabrics", split = ",", description = "Fabrics: random-N-dK, torus-WxH, K-ary-N-tree "
                + "(default: random 16-1024 switches of degree 4 and 8, tori 4x8, 8x8, 16x16, 16-ary-3-tree).")
        List<String> fabrics;

        @Option(names = "--opensm", description = "Also run OpenSM's LASH under ibsim on fabrics of at most "
                + "--opensm-max switches.")
        boolean opensm;

        @Option(names = "--opensm-max", defaultValue = "256", description = "Largest fabric given to OpenSM.")
        int opensmMax;

        @Option(names = "--opensm-timeout", defaultValue = "120", description = "Seconds before OpenSM is stopped.")
        int opensmTimeout;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of the random fabrics.")
        long seed;

        @Option(names = "--verify", negatable = true, defaultValue = "true", description = "Run the verifier.")
        boolean verify;

        @Option(names = "--work-dir", defaultValue = "target/bench-opensm", description = "OpenSM scratch dir.")
        Path workDir;

        @Override
        public Integer call() throws Exception {
            List<String> names = fabrics != null ? fabrics : defaultFabrics();
            System.out.printf(ROW, "fabric", "sw", "links", "engine", "layers", "wall ms", "cpu ms", "alloc MB",
                    "verdict");
            for (String name : names) {
                Topology t = fabric(name, seed);
                for (String e : engines) {
                    row(name, t, e);
                }
                if (opensm) {
                    if (t.switches().size() > opensmMax) {
                        printRow(name, t, "opensm", "-", "-", "-", "-", "skipped (> --opensm-max)");
                    } else {
                        OpenSmLash.Outcome o = OpenSmLash.run(t, workDir.resolve(name), opensmTimeout);
                        printRow(name, t, "opensm", o.layers() < 0 ? "-" : String.valueOf(o.layers()),
                                o.routingSeconds() < 0 ? "-" : String.format("%.1f", o.routingSeconds() * 1000), "-",
                                "-", String.format("%s (whole run %.2f s)", o.status(), o.wallSeconds()));
                    }
                }
            }
            return 0;
        }

        private void row(String label, Topology t, String engine) {
            if (!RoutingEngines.names().contains(engine)) {
                printRow(label, t, engine, "-", "-", "-", "-", "engine not registered in this build");
                return;
            }
            RoutingOptions options = RoutingOptions.defaults();
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long id = Thread.currentThread().getId();
            int repeats = t.switches().size() <= 256 ? 3 : 1;
            RoutingResult r = null;
            long best = Long.MAX_VALUE;
            long cpu = 0;
            long alloc = 0;
            String failure = null;
            for (int i = 0; i < repeats; i++) {
                long a0 = threads.getThreadAllocatedBytes(id);
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                try {
                    r = RoutingEngines.byName(engine).compute(t, options);
                } catch (RuntimeException ex) {
                    failure = ex.getMessage();
                    break;
                }
                long dt = System.nanoTime() - t0;
                long dc = threads.getCurrentThreadCpuTime() - c0;
                if (dt < best) {
                    best = dt;
                    cpu = dc;
                    alloc = threads.getThreadAllocatedBytes(id) - a0;
                }
            }
            if (failure != null) {
                printRow(label, t, engine, "-", "-", "-", "-", failure);
                return;
            }
            String verdict = "not verified";
            if (verify) {
                VerificationReport v = DeadlockVerifier.verify(t, r);
                verdict = v.ok() ? "ok" : v.verdict();
            }
            printRow(label, t, engine, String.valueOf(r.layers()), String.format("%.1f", best / 1e6),
                    String.format("%.1f", cpu / 1e6), String.format("%.1f", alloc / 1048576.0), verdict);
        }

        /** One row of the table: the fabric and its size, the engine, and its figures ("-" where there is none). */
        private static void printRow(String fabric, Topology t, String engine, String layers, String wallMs,
                                     String cpuMs, String allocMb, String verdict) {
            System.out.printf(ROW, fabric, t.switches().size(), t.links().size(), engine, layers, wallMs, cpuMs,
                    allocMb, verdict);
        }
    }

    static List<String> defaultFabrics() {
        List<String> out = new ArrayList<>();
        for (int degree : new int[] {4, 8}) {
            for (int n : new int[] {16, 32, 64, 128, 256, 512, 1024}) {
                out.add("random-" + n + "-d" + degree);
            }
        }
        out.addAll(List.of("torus-4x8", "torus-8x8", "torus-16x16", "16-ary-3-tree"));
        return out;
    }

    /**
     * Builds a fabric from its name with the topology generators, one host per switch (per leaf in trees), so that
     * every switch pair with hosts is routed and OpenSM sees one HCA per (leaf) switch.
     */
    public static Topology fabric(String name, long seed) {
        String[] p = name.split("-");
        try {
            if (name.startsWith("random-") && p.length == 3 && p[2].startsWith("d")) {
                return RandomIrregular.generate(Integer.parseInt(p[1]), Integer.parseInt(p[2].substring(1)), seed,
                        GeneratorOptions.defaults().withHosts(1));
            }
            if (name.startsWith("torus-") && p.length == 2) {
                String[] wh = p[1].split("x");
                return Torus.generate(List.of(Integer.parseInt(wh[0]), Integer.parseInt(wh[1])),
                        GeneratorOptions.defaults().withHosts(1));
            }
            if (name.endsWith("-tree") && p.length == 4 && p[1].equals("ary")) {
                return KaryNTree.generate(Integer.parseInt(p[0]), Integer.parseInt(p[2]),
                        GeneratorOptions.defaults().withHosts(1));
            }
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException("--fabrics: '" + name + "': " + ex.getMessage(), ex);
        }
        throw new IllegalArgumentException("--fabrics: unknown fabric '" + name
                + "'; expected random-N-dK, torus-WxH or K-ary-N-tree");
    }
}
