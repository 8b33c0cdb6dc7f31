package weft.model.sim;

import weft.model.host.shaping.InjectionScheduler;
import weft.model.rate.RateAllocator;

/**
 * Online allocation in a simulated run (seed 004 §4.1-4.2: hosts report their VOQ backlogs, the controller answers with
 * rates; seed 000 §4.2-4.3: the central allocators run for the flows that exist): every {@code intervalPs} the
 * simulated controller reads what each host's VOQs hold, runs {@link weft.model.rate.OnlineAllocation} (the live
 * controller's code) with {@code allocator}, and {@code controlDelayPs} later the hosts' schedulers take the new rates.
 *
 * @param allocator      the allocator the controller runs (max-min, backlog-proportional, SAA, ...)
 * @param scheduler      the hosts' injection scheduler, {@code ps} (Periodic Selection) or {@code svc}
 * @param intervalPs     time between allocation rounds, the first at time 0
 * @param controlDelayPs time from a round's reading of the backlogs to its rates taking effect at the hosts
 */
public record OnlineRates(RateAllocator allocator, String scheduler, long intervalPs, long controlDelayPs) {
    public OnlineRates {
        if (allocator == null) {
            throw new IllegalArgumentException("online allocation needs an allocator");
        }
        InjectionScheduler.create(scheduler, 1);
        if (intervalPs <= 0) {
            throw new IllegalArgumentException("allocation interval must be > 0 ps, got " + intervalPs);
        }
        if (controlDelayPs < 0) {
            throw new IllegalArgumentException("control delay must be >= 0 ps, got " + controlDelayPs);
        }
    }
}
