package weft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.model.rate.Allocation;
import weft.model.rate.Arithmetic;
import weft.model.rate.BacklogProportional;
import weft.model.rate.FabricProblem;
import weft.model.rate.InfeasibleRequest;
import weft.model.rate.MaxMin;
import weft.model.rate.RateAllocator;
import weft.model.rate.RateAllocators;
import weft.model.rate.RateProblem;
import weft.model.rate.VoqBudget;
import weft.model.rate.io.RatesJson;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * {@code weft rates}: explicit rates for the flows of a routed fabric with one of the seeds' allocators, written as
 * {@code weft-rates/1}. Each flow follows its switch pair's path in the routes file plus its hosts' access links.
 * Sources: seed 000 ch. 4 (SAA, SAA-M, FFA, AFA), seed 003 §5 (SAA), seed 004 §4.3 (max-min, backlog-proportional).
 */
@Command(name = "rates", mixinStandardHelpOptions = true,
        description = "Compute explicit rates for flows on a routed fabric ('weft rates set': set one by hand).",
        subcommands = {RatesSetCommand.class},
        footer = {"", "Algorithms: saa (w = size, min completion time), saam (SAA + greedy claiming), ffa (weighted"
                + " max-min), afa (max-min over applications, w = weight x size), maxmin and bp (seed 004 VOQ rates:"
                + " request = bytes per --interval-us, with --control-bytes and --min-mbps deducted per VOQ).",
            "Exit status: 0 rates written, 1 invalid or infeasible input, 2 usage error."})
public final class RatesCommand extends CliCommand {

    @Mixin
    private TopologyFileOption topo = new TopologyFileOption();

    @Option(names = "--routes", paramLabel = "FILE", description = "weft-routes/1 JSON file")
    private Path routes;

    @Option(names = "--flows", paramLabel = "FILE", description = "weft-flows/1 JSON file")
    private Path flows;

    @Option(names = "--algo", paramLabel = "NAME", description = "saa, saam, ffa, afa, maxmin or bp")
    private String algo;

    @Option(names = "--exact", description = "compute in exact rational arithmetic")
    private boolean exact;

    @Option(names = "--interval-us", paramLabel = "T", defaultValue = "1000",
            description = "maxmin/bp: scheduling interval in microseconds (default: ${DEFAULT-VALUE})")
    private double intervalUs;

    @Option(names = "--control-bytes", paramLabel = "M", defaultValue = "0",
            description = "maxmin/bp: control packet size per VOQ and interval, Eq. 4.2 (default: ${DEFAULT-VALUE})")
    private double controlBytes;

    @Option(names = "--min-mbps", paramLabel = "R", defaultValue = "0",
            description = "maxmin/bp: minimum rate of every VOQ (default: ${DEFAULT-VALUE})")
    private double minMbps;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "rates file to write ('-' = stdout)")
    private Path output;

    @Override
    protected int run() {
        if (topo.file == null || routes == null || flows == null || algo == null) {
            throw new CliFailure("--topo, --routes, --flows and --algo are required", CliFailure.USAGE);
        }
        RateAllocator allocator = allocator();
        Topology t = topo.read();
        RoutingResult r = TopologyFiles.readRoutes(routes);
        List<Flow> list = TopologyFiles.readFlows(flows);
        RateProblem problem;
        try {
            problem = FabricProblem.build(t, list, FabricProblem.routed(t, r, routes.toString()),
                    allocator.weightBasis(), intervalUs * 1e-6);
        } catch (InfeasibleRequest e) {
            throw new CliFailure(flows + ": " + e.getMessage(), CliFailure.INPUT);
        }
        long start = System.nanoTime();
        Allocation<?> allocation;
        try {
            allocation = exact ? allocator.allocate(problem, Arithmetic.EXACT) : allocator.allocate(problem);
        } catch (InfeasibleRequest e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
        double ms = (System.nanoTime() - start) / 1e6;
        long[] bytes = list.stream().mapToLong(Flow::bytes).toArray();
        String json = RatesJson.write(allocation, l -> FabricProblem.endpoints(t, l), bytes);
        PrintWriter out = spec().commandLine().getOut();
        if (output != null) {
            TopologyFiles.write(output, out, w -> w.write(json));
        }
        if (output == null || !output.toString().equals("-")) {
            summary(out, allocation, ms);
        }
        out.flush();
        return 0;
    }

    private RateAllocator allocator() {
        String name = algo.trim().toLowerCase(Locale.ROOT);
        if (!(intervalUs > 0) || !(controlBytes >= 0) || !(minMbps >= 0)) {
            throw new CliFailure("--interval-us must be > 0 and --control-bytes, --min-mbps >= 0", CliFailure.USAGE);
        }
        VoqBudget budget = new VoqBudget(controlBytes, intervalUs * 1e-6, minMbps / 1000);
        return CliFailure.parsing("--algo", () -> switch (name) {
            case "maxmin" -> new MaxMin(budget);
            case "bp" -> new BacklogProportional(budget);
            default -> RateAllocators.byName(name);
        });
    }

    private static <N> void summary(PrintWriter out, Allocation<N> a, double ms) {
        RateProblem p = a.problem();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        double sum = 0;
        for (int f = 0; f < p.flowCount(); f++) {
            double g = a.gbps(f);
            min = Math.min(min, g);
            max = Math.max(max, g);
            sum += g;
        }
        int saturated = 0;
        int used = 0;
        for (int l = 0; l < p.linkCount(); l++) {
            if (p.flowsOn(l).length > 0) {
                used++;
                if (a.arithmetic().toDouble(a.load(l)) >= p.capacity(l) * (1 - 1e-9)) {
                    saturated++;
                }
            }
        }
        out.printf("algo      %s (%s arithmetic, %d iterations, %.1f ms)%n", a.algorithm(), a.arithmetic(),
                a.iterations(), ms);
        out.printf("flows     %d, rate min %.6g / mean %.6g / max %.6g Gbit/s%n", p.flowCount(),
                p.flowCount() == 0 ? 0 : min, p.flowCount() == 0 ? 0 : sum / p.flowCount(), max);
        out.printf("links     %d carry flows, %d saturated, worst overload %.3g Gbit/s%n", used, saturated,
                Math.max(0, a.worstOverload()));
    }
}
