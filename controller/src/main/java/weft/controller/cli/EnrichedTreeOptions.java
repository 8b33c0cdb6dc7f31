package weft.controller.cli;

import picocli.CommandLine.Option;

/**
 * The fabric options the seed 000 reproductions share (picocli mixin): a k-ary n-tree, its enriched twin of
 * horizontal width w, and the ForcedDir horizontal hop limit of adaptive routing (seed 000 §6.2).
 */
final class EnrichedTreeOptions {
    @Option(names = "--k", defaultValue = "16", description = "tree arity (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--n", defaultValue = "3", description = "switch levels (default: ${DEFAULT-VALUE})")
    int n;

    @Option(names = "--width", defaultValue = "2", description = "horizontal width (default: ${DEFAULT-VALUE})")
    int width;

    @Option(names = "--hops", defaultValue = "8", description = "ForcedDir horizontal hop limit per level "
            + "(default: ${DEFAULT-VALUE})")
    int hops;
}
