package weft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingEngines;
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
public final class RouteCommand implements Callable<Integer> {
    /** Exit status when the verifier rejects the routes. */
    static final int VERIFIER = 3;

    @Spec
    private CommandSpec spec;

    @Option(names = "--topo", paramLabel = "FILE", description = "weft-topology/1 JSON file")
    private Path topo;

    @Option(names = "--engine", paramLabel = "NAME[,NAME...]", defaultValue = "updown",
            description = "engine, or a chain tried in order (default: ${DEFAULT-VALUE})")
    private String engine;

    @Option(names = "--max-layers", paramLabel = "N", defaultValue = "8",
            description = "layer budget: 8 PCPs (Ethernet), 15 VLs (InfiniBand) (default: ${DEFAULT-VALUE})")
    private int maxLayers;

    @Option(names = "--classes", paramLabel = "C", defaultValue = "1",
            description = "QoS classes sharing the layer budget (default: ${DEFAULT-VALUE})")
    private int classes;

    @Option(names = "--seed", paramLabel = "S",
            description = "randomise the engine's orders with this seed (default: deterministic)")
    private Long seed;

    @Option(names = "--root", paramLabel = "SW", description = "Up*/Down* root switch (default: most central); "
            + "spanning-tree root for stp and tbtp (default: lowest datapath id)")
    private String root;

    @Option(names = "--symmetric", description = "LASH: put (s,d) and (d,s) in one layer (costs layers)")
    private boolean symmetric;

    @Option(names = "--no-fallback", description = "LASH: fail instead of routing the rest Up*/Down* in the last"
            + " layer")
    private boolean noFallback;

    @Option(names = "--paths", description = "also write each pair's switch path into the routes file")
    private boolean paths;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "routes file to write ('-' = stdout)")
    private Path output;

    @Override
    public Integer call() {
        try {
            if (topo == null) {
                throw new CliFailure("--topo FILE is required", CliFailure.USAGE);
            }
            RoutingOptions options = options();
            List<RoutingEngine> chain = chain(engine);
            Topology t = TopologyFiles.read(topo);
            PrintWriter out = spec.commandLine().getOut();
            List<String> failures = new ArrayList<>();
            for (int i = 0; i < chain.size(); i++) {
                RoutingEngine e = chain.get(i);
                boolean last = i == chain.size() - 1;
                Runtime rt = Runtime.getRuntime();
                rt.gc();
                long heapBefore = rt.totalMemory() - rt.freeMemory();
                long start = System.nanoTime();
                RoutingResult result;
                try {
                    result = e.compute(t, options);
                } catch (RoutingFailure f) {
                    failures.add(f.getMessage());
                    continue;
                }
                double ms = (System.nanoTime() - start) / 1e6;
                long heap = Math.max(0, rt.totalMemory() - rt.freeMemory() - heapBefore);
                long verifyStart = System.nanoTime();
                VerificationReport v = DeadlockVerifier.verify(t, result);
                double verifyMs = (System.nanoTime() - verifyStart) / 1e6;
                if (!v.ok() && !last) {
                    failures.add(e.name() + ": verifier: " + v.verdict());
                    continue;
                }
                Map<String, Object> stats = stats(result, v, ms, heap, chain.size() > 1 ? engine : null);
                stats.put("verify_ms", Math.round(verifyMs * 10) / 10.0);
                print(out, t, result, v, stats, failures);
                if (output != null) {
                    RoutesDocument doc = new RoutesDocument(result,
                            paths ? RoutesDocument.pathsOf(t, result) : List.of(), stats);
                    TopologyFiles.write(output, out, w -> RoutesJson.write(doc, w));
                    if (!output.toString().equals("-")) {
                        out.printf("wrote     %s (%d entries, %d pairs)%n", output, result.forwarding().size(),
                                result.layerOf().size());
                    }
                }
                out.flush();
                return v.ok() ? 0 : VERIFIER;
            }
            throw new CliFailure("no engine could route " + topo + ": " + String.join("; ", failures),
                    CliFailure.INPUT);
        } catch (CliFailure e) {
            return e.report(spec);
        }
    }

    private RoutingOptions options() {
        if (maxLayers < 1) {
            throw new CliFailure("--max-layers must be >= 1, got " + maxLayers, CliFailure.USAGE);
        }
        if (classes < 1 || classes > maxLayers) {
            throw new CliFailure("--classes must be in 1..--max-layers (" + maxLayers + "), got " + classes,
                    CliFailure.USAGE);
        }
        RoutingOptions o = RoutingOptions.defaults().withMaxLayers(maxLayers).withClasses(classes)
                .withSymmetric(symmetric).withFallback(!noFallback).withRoot(root);
        return seed == null ? o : o.withSeed(seed, true);
    }

    /** The engines of a chain, refusing unknown names before anything runs. */
    static List<RoutingEngine> chain(String names) {
        List<RoutingEngine> chain = new ArrayList<>();
        for (String name : names.split(",")) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            try {
                chain.add(RoutingEngines.byName(n));
            } catch (IllegalArgumentException e) {
                throw new CliFailure("--engine: " + e.getMessage(), CliFailure.USAGE);
            }
        }
        return chain;
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
