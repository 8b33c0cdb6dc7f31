package weft.controller.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import weft.model.routing.EngineChain;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;

/**
 * The routing options, declared once for every command that routes ({@code weft route}, {@code weft controller
 * run}, {@code weft lab up/run}) and used there with {@code @Mixin}: the engine or fallback chain and the options
 * of {@link RoutingOptions}.
 */
public final class RoutingOptionsMixin {
    @Option(names = "--engine", paramLabel = "NAME[,NAME...]", defaultValue = "updown",
            description = "routing engine, or a chain tried in order until one routes and verifies "
                    + "(e.g. lash,updown; default: ${DEFAULT-VALUE})")
    String engine;

    @Option(names = "--max-layers", paramLabel = "N", defaultValue = "8",
            description = "layer budget: 8 PCPs (Ethernet), 15 VLs (InfiniBand) (default: ${DEFAULT-VALUE})")
    int maxLayers;

    @Option(names = "--classes", paramLabel = "C", defaultValue = "1",
            description = "QoS classes sharing the layer budget (default: ${DEFAULT-VALUE})")
    int classes;

    @Option(names = "--layers", paramLabel = "N", defaultValue = "0",
            description = "LASH, TBTP: use N layers per class, the pairs spread over all of them, one virtual "
                    + "channel each (seed 002 §3.3.1, §3.3.5; default 0: LASH opens as few as it needs, TBTP one)")
    int layers;

    @Option(names = "--seed", paramLabel = "S",
            description = "randomise the engine's orders with this seed (default: deterministic)")
    Long seed;

    @Option(names = "--root", paramLabel = "SW", description = "Up*/Down* root switch (default: most central); "
            + "spanning-tree root for stp and tbtp (default: lowest datapath id)")
    String root;

    @Option(names = "--symmetric", description = "LASH: put (s,d) and (d,s) in one layer (costs layers)")
    boolean symmetric;

    @Option(names = "--no-fallback", description = "LASH: fail instead of routing the rest Up*/Down* in the last"
            + " layer")
    boolean noFallback;

    /** The engine chain as given ({@code --engine}). */
    public String engine() {
        return engine;
    }

    /**
     * The engines of {@code --engine}, refusing unknown names before anything runs.
     *
     * @throws CliFailure (usage) naming {@code --engine} and the unknown engine
     */
    public EngineChain chain() {
        return CliFailure.parsing("--engine", () -> RoutingEngines.chain(engine));
    }

    /**
     * The engine options.
     *
     * @throws CliFailure (usage) naming the option out of range
     */
    public RoutingOptions options() {
        if (maxLayers < 1) {
            throw new CliFailure("--max-layers must be >= 1, got " + maxLayers, CliFailure.USAGE);
        }
        if (classes < 1 || classes > maxLayers) {
            throw new CliFailure("--classes must be in 1..--max-layers (" + maxLayers + "), got " + classes,
                    CliFailure.USAGE);
        }
        if (layers < 0 || layers > maxLayers / classes) {
            throw new CliFailure("--layers must be in 0..--max-layers / --classes (" + maxLayers / classes
                    + "), got " + layers, CliFailure.USAGE);
        }
        RoutingOptions o = RoutingOptions.defaults().withMaxLayers(maxLayers).withClasses(classes)
                .withSymmetric(symmetric).withFallback(!noFallback).withRoot(root).withLayers(layers);
        return seed == null ? o : o.withSeed(seed, true);
    }

    /** The same options as command-line arguments, to start another command (the lab's controller) with them. */
    public List<String> arguments() {
        List<String> args = new ArrayList<>(List.of("--engine", engine, "--max-layers", String.valueOf(maxLayers),
                "--classes", String.valueOf(classes)));
        if (layers > 0) {
            args.addAll(List.of("--layers", String.valueOf(layers)));
        }
        if (seed != null) {
            args.addAll(List.of("--seed", String.valueOf(seed)));
        }
        if (root != null) {
            args.addAll(List.of("--root", root));
        }
        if (symmetric) {
            args.add("--symmetric");
        }
        if (noFallback) {
            args.add("--no-fallback");
        }
        return args;
    }
}
