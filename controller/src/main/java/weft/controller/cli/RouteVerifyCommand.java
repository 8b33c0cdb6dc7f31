package weft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.model.routing.RoutingResult;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.routing.verify.VerificationReport.Findings;
import weft.model.routing.verify.VerificationReport.LayerVerdict;
import weft.model.topology.Topology;

/**
 * {@code weft route verify}: checks a {@code weft-routes/1} file against its topology with the independent
 * deadlock verifier (seed 002 §2: per-layer channel dependency graphs) and prints every finding.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Verify a routes file: connectivity, loops, shortest paths, deadlock freedom per layer.",
        footer = {"", "Exit status: 0 verified; 1 invalid or unreadable file; 2 usage error;",
            "3 the verifier found a problem."})
public final class RouteVerifyCommand extends CliCommand {

    @Option(names = "--topo", required = true, paramLabel = "FILE", description = "weft-topology/1 JSON file")
    private Path topo;

    @Option(names = "--routes", required = true, paramLabel = "FILE", description = "weft-routes/1 JSON file")
    private Path routes;

    @Override
    protected int run() {
        Topology t = TopologyFiles.read(topo);
        RoutingResult r = TopologyFiles.readRoutes(routes);
        VerificationReport v = DeadlockVerifier.verify(t, r);
        PrintWriter out = spec().commandLine().getOut();
        out.printf("routes    %s: engine %s, %d layers, %d entries%n", routes, r.engine(), r.layers(),
                r.forwarding().size());
        out.printf("verifier  %s%n", v.verdict());
        for (LayerVerdict l : v.layers()) {
            out.printf("layer %-3d %d dependencies, %s%n", l.layer(), l.dependencies(), l.acyclic() ? "acyclic"
                    : "CYCLE " + String.join(", ", l.witnessCycle()));
        }
        list(out, "missing pair", v.missingPairs());
        list(out, "unreachable", v.unreachable());
        list(out, "loop", v.loops());
        list(out, "malformed", v.malformed());
        list(out, "not shortest", v.nonShortest());
        out.printf(Locale.ROOT, "paths     %d pairs walked, max %d hops, mean %.2f hops, most paths on one"
                + " channel %d%n", v.pairsChecked(), v.maxPathLength(), v.meanPathLength(), v.maxChannelLoad());
        out.flush();
        return v.ok() ? 0 : RouteCommand.VERIFIER;
    }

    private static void list(PrintWriter out, String what, Findings f) {
        for (String e : f.examples()) {
            out.println(what + ": " + e);
        }
        if (f.count() > f.examples().size()) {
            out.println(what + ": ... " + (f.count() - f.examples().size()) + " more");
        }
    }
}
