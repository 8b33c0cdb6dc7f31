package weft.controller.cli;

import picocli.CommandLine.Option;
import weft.model.rate.RateAllocators;
import weft.model.sim.OnlineRates;

/**
 * The options of {@code weft sim}'s simulated controller (online allocation, docs/sim.md): which allocator it runs,
 * how often, and how long its rates take to reach the hosts.
 */
final class SimAllocationOptions {
    private String allocator;
    private double intervalUs = 1000;
    private double delayUs;

    @Option(names = "--allocate", paramLabel = "ALG", description = "flows: a simulated controller allocates the "
            + "rates online with ALG (saa, saam, ffa, afa, maxmin, bp) from the hosts' VOQ backlogs every "
            + "--allocation-interval-us, as the live controller does; hosts inject with --scheduler")
    void allocator(String name) {
        allocator = name;
    }

    @Option(names = "--allocation-interval-us", paramLabel = "T",
            description = "--allocate: time between allocation rounds (default: 1000)")
    void intervalUs(double us) {
        intervalUs = us;
    }

    @Option(names = "--control-delay-us", paramLabel = "D",
            description = "--allocate: from reading the backlogs to the hosts using the new rates (default: 0)")
    void delayUs(double us) {
        delayUs = us;
    }

    /** Whether --allocate was given. */
    boolean given() {
        return allocator != null;
    }

    String allocator() {
        return allocator;
    }

    /**
     * The online allocation asked for, or null without --allocate.
     *
     * @param scheduler the hosts' injection scheduler (--scheduler)
     * @param withRates whether --rates was given too (a usage error)
     */
    OnlineRates rates(String scheduler, boolean withRates) {
        if (allocator == null) {
            return null;
        }
        if (withRates) {
            throw new CliFailure("give at most one of --rates FILE and --allocate ALG", CliFailure.USAGE);
        }
        return CliFailure.parsing("--allocate", () -> new OnlineRates(RateAllocators.byName(allocator), scheduler,
                Math.round(intervalUs * 1e6), Math.round(delayUs * 1e6)));
    }
}
