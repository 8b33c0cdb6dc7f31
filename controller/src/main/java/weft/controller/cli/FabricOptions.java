package weft.controller.cli;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.controller.fabric.DeadlockVerification;
import weft.controller.fabric.FabricObserver;
import weft.controller.fabric.WeftController;
import weft.controller.ha.HaOptions;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.PairRates;
import weft.controller.program.PairRatesException;
import weft.controller.program.RouteCompiler;
import weft.controller.tls.TlsFiles;
import weft.model.topology.Topology;

/**
 * How the controller learns, routes and rates the fabric (a picocli mixin shared by {@code weft controller run} and
 * {@code weft lab}): configured from a topology or discovered, the routing options, whether a dependency cycle may
 * be programmed, and the pair rates. One place checks them and starts the controller with them.
 */
public final class FabricOptions {
    @Option(names = "--discover", description = "route the fabric as discovered, not from the topology file "
            + "(switches from FEATURES/port-desc, links by LLDP, hosts by first packets and agent registration)")
    boolean discover;

    @Option(names = "--settle", defaultValue = "2s", description = "with --discover: discovery must be unchanged "
            + "this long before the first routes (e.g. 2s, 500ms; default: ${DEFAULT-VALUE})")
    String settle;

    @Mixin
    RoutingOptionsMixin routing = new RoutingOptionsMixin();

    @Option(names = "--allow-deadlock", description = "program routes whose only flaw is a channel dependency cycle")
    boolean allowDeadlock;

    @Option(names = "--rates", description = "weft-pair-rates/1 file (not with --discover): per (source host, "
            + "destination host) rates, enforced by OpenFlow meters at the source's switch (see docs/openflow.md)")
    File rates;

    /** Whether the fabric is discovered ({@code --discover}) rather than configured. */
    public boolean discover() {
        return discover;
    }

    /** The routing options ({@code --engine}, {@code --max-layers}, ...). */
    public RoutingOptionsMixin routing() {
        return routing;
    }

    /**
     * Checks every option before anything starts: the settle time, the engines and their options, and that
     * {@code --rates} is not given with {@code --discover}.
     *
     * @throws CliFailure (usage) naming the option and the problem
     */
    public void check() {
        settleTime();
        routing.chain();
        routing.options();
        if (discover && rates != null) {
            throw new CliFailure("--rates " + rates + " names hosts of a configured fabric: it cannot go with "
                    + "--discover (in discover mode set rates with PUT /api/rates once the hosts are known)",
                    CliFailure.USAGE);
        }
    }

    /** The quiet time of discovery before the first routes ({@code --settle}). */
    public Duration settleTime() {
        return Durations.parse("--settle", settle);
    }

    /**
     * The {@code --rates} table validated against {@code topology}, or no rated pairs without it.
     *
     * @throws CliFailure (input) naming the file and the problem
     */
    public PairRates pairRates(Topology topology) {
        if (rates == null) {
            return PairRates.none();
        }
        try {
            return PairRates.parse(rates.getPath(), Files.readString(rates.toPath()), topology);
        } catch (IOException e) {
            throw new CliFailure("--rates " + rates + ": cannot read: " + e.getMessage(), CliFailure.INPUT);
        } catch (PairRatesException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
    }

    /**
     * The controller's configuration with these options.
     *
     * @param topology  the fabric (with {@code --discover}: only the names of switches and hosts, may be empty)
     * @param listen    the OpenFlow listen address
     * @param tlsOrNull the OpenFlow TLS files, or null for plain TCP
     */
    public WeftController.Config config(Topology topology, RouteCompiler.Options compile, InetSocketAddress listen,
                                        TlsFiles tlsOrNull) {
        return new WeftController.Config(topology, routing.chain(), routing.options(), compile,
                new DeadlockVerification(allowDeadlock), listen, tlsOrNull, SessionConfig.defaults());
    }

    /**
     * Starts the controller configured or discovering, as these options say.
     *
     * @param rates          the rated pairs ({@link #pairRates}); ignored with {@code --discover}
     * @param agentsOrNull   the embedded agent registry, or null
     * @param observerOrNull hears every route computation and update from the first one on, or null
     * @param haOrNull       the cluster this controller joins, or null
     */
    public WeftController start(WeftController.Config config, PairRates rates, WeftController.Agents agentsOrNull,
                                FabricObserver observerOrNull, HaOptions haOrNull) {
        if (haOrNull != null) {
            return discover ? WeftController.startDiscovering(config, settleTime(), agentsOrNull, observerOrNull,
                    haOrNull) : WeftController.start(config, rates, agentsOrNull, observerOrNull, haOrNull);
        }
        return discover ? WeftController.startDiscovering(config, settleTime(), agentsOrNull, observerOrNull)
                : WeftController.start(config, rates, agentsOrNull, observerOrNull);
    }

    /**
     * The same options as command-line arguments of {@code weft controller run} (the lab's controller process);
     * files by their absolute path.
     */
    public List<String> arguments() {
        List<String> args = new ArrayList<>(routing.arguments());
        if (discover) {
            args.addAll(List.of("--discover", "--settle", settle));
        }
        if (allowDeadlock) {
            args.add("--allow-deadlock");
        }
        if (rates != null) {
            args.addAll(List.of("--rates", rates.getAbsolutePath()));
        }
        return args;
    }
}
