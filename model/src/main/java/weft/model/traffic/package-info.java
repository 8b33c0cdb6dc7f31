/**
 * Traffic: the flows that rate allocators, admission control and the host agents act on, and the synthetic patterns
 * that the simulator's open-loop sources draw destinations from.
 *
 * <p>A flow is seed 000's unit of rate control (§1.2: a contiguous sequence of packets of one connection, long and
 * bulk) and seed 004's VOQ (one source-destination pair with a backlog). Its weight is seed 000's {@code w_f}; its
 * application groups flows for AFA (seed 000 §4.3); its size in bytes is {@code d_f} for SAA and the backlog
 * {@code b_ij} for seed 004's allocators. Patterns ({@link weft.model.traffic.TrafficPatterns}) are defined on the host
 * index as BookSim defines them on its node index (uniform, transpose, bit-complement, hot spot), plus the seeds'
 * permutations, superposed permutations (seed 000 §6.3), incast and all-to-all (seed 004 §3.1). The workloads of
 * seed 000's fluid and contention studies on host indexes are {@link weft.model.traffic.FluidWorkloads}; every random
 * order in Weft (these patterns, LASH's randomised pair orders, the irregular topology generator, the host's path
 * policies) comes from {@link weft.model.traffic.Shuffle}, one seeded Fisher-Yates shuffle; the hosts of each cluster
 * or pod, for the patterns inside or between groups, from {@link weft.model.traffic.HostGroups}.
 */
package weft.model.traffic;
