package weft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.model.routing.EngineChain;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingFailure;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument;
import weft.model.routing.io.RoutesJson;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

/**
 * {@code weft route}: computes routes for a topology file with one engine or a fallback chain
 * ({@code --engine lash,updown}, as OpenSM's {@code -R}), checks them with the independent deadlock verifier, prints
 * a summary and writes a {@code weft-routes/1} file. {@code weft route verify} checks an existing routes file.
 */
@Command(name = "route", mixinStandardHelpOptions = true,
        description = "Compute deadlock-free routes for a fabric and verify them.",
        subcommands = {RouteVerifyCommand.class},
        footer = {"", "Engines: minhop, updown, dor, dmodk, lash, mplash, sr, ecmp, vlb, stp, tbtp, tbtp3vl.",
            "Exit status: 0 routed and verified; 1 invalid input or no engine could route;",
            "2 usage error; 3 routes written but the verifier found a problem",
            "(e.g. minhop or ecmp on a torus is not deadlock-free)."})
public final class RouteCommand extends CliCommand {
    /** Exit status when the verifier rejects the routes. */
    static final int VERIFIER = 3;

    @Mixin
    private TopologyFileOption topo = new TopologyFileOption();

    @Mixin
    private RoutingOptionsMixin routing;

    @Option(names = "--paths", description = "also write each pair's switch path into the routes file")
    private boolean paths;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "routes file to write ('-' = stdout)")
    private Path output;

    @Override
    protected int run() {
        Topology t = topo.read();
        RoutingOptions options = routing.options();
        EngineChain chain = routing.chain();
        PrintWriter out = spec().commandLine().getOut();
        Attempts attempts = new Attempts();
        EngineChain.Outcome o;
        try {
            o = chain.route(t, options, attempts);
        } catch (RoutingFailure f) {
            List<String> reasons = f instanceof EngineChain.AllFailed all ? all.reasons() : List.of(f.getMessage());
            throw new CliFailure("no engine could route " + topo.file + ": " + String.join("; ", reasons),
                    CliFailure.INPUT);
        }
        RoutingResult result = o.result();
        VerificationReport v = attempts.report;
        Map<String, Object> stats = stats(result, v, attempts.computeMs, attempts.heap,
                chain.engines().size() > 1 ? chain.name() : null);
        stats.put("verify_ms", Math.round(attempts.verifyMs * 10) / 10.0);
        print(out, t, result, v, stats, o.fallbacks());
        if (output != null) {
            RoutesDocument doc = new RoutesDocument(result, paths ? RoutesDocument.pathsOf(t, result) : List.of(),
                    stats);
            TopologyFiles.write(output, out, w -> RoutesJson.write(doc, w));
            if (!output.toString().equals("-")) {
                out.printf("wrote     %s (%d entries, %d pairs)%n", output, result.forwarding().size(),
                        result.layerOf().size());
            }
        }
        out.flush();
        return v.ok() ? 0 : VERIFIER;
    }

    /**
     * The chain's check: the independent verifier. Also times each engine's computation (wall clock and heap after
     * a collection), so that the figures printed are the winner's.
     */
    private static final class Attempts implements EngineChain.Acceptance {
        private long start;
        private long heapBefore;
        private double computeMs;
        private long heap;
        private double verifyMs;
        private VerificationReport report;

        @Override
        public void computing(RoutingEngine engine) {
            Runtime rt = Runtime.getRuntime();
            rt.gc();
            heapBefore = rt.totalMemory() - rt.freeMemory();
            start = System.nanoTime();
        }

        @Override
        public String reject(Topology topology, RoutingResult result) {
            computeMs = (System.nanoTime() - start) / 1e6;
            Runtime rt = Runtime.getRuntime();
            heap = Math.max(0, rt.totalMemory() - rt.freeMemory() - heapBefore);
            long verifyStart = System.nanoTime();
            report = DeadlockVerifier.verify(topology, result);
            verifyMs = (System.nanoTime() - verifyStart) / 1e6;
            return report.ok() ? null : "verifier: " + report.verdict();
        }
    }

    static Map<String, Object> stats(RoutingResult r, VerificationReport v, double ms, long heap, String chain) {
        Map<String, Object> s = new LinkedHashMap<>();
        if (chain != null) {
            s.put("engine_chain", chain);
        }
        s.put("compute_ms", Math.round(ms * 10) / 10.0);
        s.put("heap_bytes", heap);
        s.put("verdict", v.verdict());
        s.put("deadlock_free", v.deadlockFree());
        s.put("connected", v.connected());
        s.put("max_path_hops", v.maxPathLength());
        s.put("mean_path_hops", Math.round(v.meanPathLength() * 1000) / 1000.0);
        s.put("max_paths_on_one_channel", v.maxChannelLoad());
        return s;
    }

    static void print(PrintWriter out, Topology t, RoutingResult r, VerificationReport v, Map<String, Object> stats,
                      List<String> failures) {
        for (String f : failures) {
            out.println("fallback  " + f);
        }
        out.printf("engine    %s%s%n", r.engine(), stats.containsKey("engine_chain")
                ? " (won in chain " + stats.get("engine_chain") + ")" : "");
        out.printf("fabric    %s: %d switches, %d hosts, %d links%n", t.name(), t.switches().size(),
                t.hosts().size(), t.links().size());
        out.printf("layers    %d%n", r.layers());
        out.printf("verifier  %s%n", v.verdict());
        out.printf(Locale.ROOT, "paths     %d pairs walked, max %d hops, mean %.2f hops%n", v.pairsChecked(),
                v.maxPathLength(), v.meanPathLength());
        out.printf("channels  most paths on one channel: %d%n", v.maxChannelLoad());
        out.printf(Locale.ROOT, "compute   %.1f ms, heap +%.1f MB (verifier %.1f ms)%n",
                (Double) stats.get("compute_ms"), (Long) stats.get("heap_bytes") / 1048576.0,
                (Double) stats.get("verify_ms"));
    }
}
