package weft.model.sim;

import java.util.List;

/**
 * What one simulation run measured. Loads and throughputs are fractions of the host link capacity; latencies are in
 * nanoseconds, from a packet's creation (including its wait at the source) or from its injection (network latency,
 * as seed 002 measures it) to the arrival of its tail.
 *
 * @param workload            the traffic, e.g. {@code "uniform"} or {@code "flows:f.json"}
 * @param load                offered load asked for (open loop), NaN for flows
 * @param offered             mean bytes generated per host in the window, over what its link carries in the window
 * @param accepted            mean bytes delivered per host in the window, likewise (BookSim's accepted rate)
 * @param acceptedMin         the least accepted fraction of any host that was offered traffic
 * @param latencyNs           latency of the packets created in the window
 * @param networkLatencyNs    their latency from injection
 * @param generatedPackets    packets created (in the whole run)
 * @param refusedPackets      open-loop packets a full source queue refused
 * @param deliveredPackets    packets delivered (in the whole run)
 * @param droppedPackets      packets dropped (lossy buffers, PFC overflow): 0 under credits
 * @param pauseFrames         PFC pause frames sent (0 for other flow control)
 * @param undeliveredMeasured packets created in the window and not delivered by the end
 * @param deadlock            the deadlock that stopped the run, or null
 * @param stopReason          why the run ended
 * @param simulatedPs         simulated time at the end
 * @param events              events processed
 * @param flitHops            flits (packets when they travel whole) put on a link, host links included
 * @param hosts               per host: offered and accepted
 * @param channels            per directed link: utilisation and buffer occupancy at its far end
 * @param flows               per flow (flow workloads): delivered rate next to the assigned rate
 * @param phases              per phase and application: completion time
 * @param resequencing        what the receivers' resequencers did, or null when they were off
 * @param allocation          the rounds of online allocation ({@link OnlineRates}), empty without it
 */
public record SimResult(String workload, double load, double offered, double accepted, double acceptedMin,
                        Latency latencyNs, Latency networkLatencyNs, long generatedPackets, long refusedPackets,
                        long deliveredPackets, long droppedPackets, long pauseFrames, long undeliveredMeasured,
                        DeadlockReport deadlock, String stopReason, long simulatedPs, long events, long flitHops,
                        List<HostLoad> hosts, List<ChannelLoad> channels, List<FlowRate> flows,
                        List<PhaseTime> phases, Resequencing resequencing, List<AllocationRound> allocation) {
    public SimResult {
        allocation = List.copyOf(allocation);
        hosts = List.copyOf(hosts);
        channels = List.copyOf(channels);
        flows = List.copyOf(flows);
        phases = List.copyOf(phases);
    }

    /**
     * One host's load.
     *
     * @param host     host id
     * @param offered  fraction of its link it generated
     * @param accepted fraction of its link delivered to it
     */
    public record HostLoad(String host, double offered, double accepted) {
    }

    /**
     * One directed link.
     *
     * @param channel       as {@code s1:2->s2:3} ({@code h1->s1:1} for a host's link)
     * @param utilization   fraction of the window the link was sending
     * @param meanBufferBytes time-average bytes in the input buffers at its far end (all virtual channels)
     * @param maxBufferBytes  most bytes in one of them
     */
    public record ChannelLoad(String channel, double utilization, double meanBufferBytes, long maxBufferBytes) {
    }

    /**
     * One flow.
     *
     * @param flow          flow id
     * @param src           source host
     * @param dst           destination host
     * @param bytes         bytes delivered
     * @param deliveredGbps delivered bytes over the time from the flow's start to its completion (or the run's end)
     * @param assignedGbps  rate assigned by the allocator, NaN when none
     * @param completionNs  time from the flow's start to its last byte's delivery, NaN when unfinished
     * @param reordered     packets that arrived after a later packet of the flow
     */
    public record FlowRate(String flow, String src, String dst, long bytes, double deliveredGbps,
                           double assignedGbps, double completionNs, long reordered) {
    }

    /**
     * The receivers' hybrid resequencers (seed 004 §3.4), summed.
     *
     * @param arrivals   packets that reached a resequencer
     * @param reordered  packets that arrived with another sequence number than the one expected
     * @param fixed      packets held back and released in order once the gap filled
     * @param late       packets delivered out of order because their turn had been skipped
     * @param timeouts   gaps given up after the age threshold
     * @param delayNs    time measured packets spent in a resequencer
     */
    public record Resequencing(long arrivals, long reordered, long fixed, long late, long timeouts, Latency delayNs) {
    }

    /**
     * Completion of one application's phase (seed 000: all flows start together; a barrier ends the phase).
     *
     * @param phase        phase number, from 0
     * @param app          application
     * @param completionNs from the phase's start to the delivery of its last byte
     */
    public record PhaseTime(int phase, String app, double completionNs) {
    }

    /**
     * One round of online allocation: what the simulated controller read and the rates it pushed.
     *
     * @param timeNs    when it read the hosts' VOQs
     * @param appliedNs when the hosts' schedulers took the rates (read time plus the control delay)
     * @param flows     the flows with bytes queued at their source, in flow order; every other flow is at rate 0
     */
    public record AllocationRound(double timeNs, double appliedNs, List<AllocatedFlow> flows) {
        public AllocationRound {
            flows = List.copyOf(flows);
        }
    }

    /**
     * One flow of an allocation round.
     *
     * @param flow         flow id
     * @param backlogBytes bytes its VOQ and its application held for the destination when the round read them
     * @param gbps         the rate it was given
     */
    public record AllocatedFlow(String flow, long backlogBytes, double gbps) {
    }
}
