/**
 * A packet-level simulator of lossless and lossy fabrics driven by Weft's own routing results: the fabric of a
 * {@code weft-topology/1} file with input buffers per port and virtual channel, credit-based flow control
 * (InfiniBand), priority flow control (Ethernet PFC) or drop-tail, virtual cut-through, store-and-forward or wormhole
 * switching of packets or flits, a crossbar of speedup 1 with iSLIP or round-robin allocation (BookSim's IQ router),
 * infinite speedup with first-come-first-served outputs (seed 003 §5), or seed 001 §3's router (virtual output queues,
 * a crossbar of speedup 2, 512 B output buffers, separable input-first allocation), round-robin or InfiniBand high/low
 * lane arbitration (seed 002 §4), hosts with pluggable injection control, and deadlock detection that reports the
 * cycle of full buffers.
 *
 * <p>Entry point: {@link weft.model.sim.Simulator} with a {@link weft.model.sim.SimConfig} and a
 * {@link weft.model.sim.Workload}; results are {@link weft.model.sim.SimResult}s, written as {@code weft-sim/1} by
 * {@code weft.model.sim.io}. One concept per class, each scheme chosen by name from the configuration, as BookSim:
 * {@code InputQueuedSwitch} / {@code OutputQueuedSwitch} / {@code VoqSwitch} (with {@code SwitchPorts},
 * {@code OutputBuffers}, {@code CrossbarTransfers}; every queue of packets a {@code FlitQueues}),
 * {@code IslipAllocator} / {@code GreedyAllocator} / {@code SeparableAllocator},
 * {@code CreditFlowControl} / {@code PriorityFlowControl} / {@code LossyFlowControl}, {@code LaneArbiter},
 * {@code NoControl} hosts, {@code OpenLoopSource} / {@code PhaseSource} traffic, {@code Stats} as the built-in
 * observer and {@code DeadlockDetector} with {@code WaitGraph}. Protocols beside the data plug in as a
 * {@link weft.model.sim.Protocol} ({@link weft.model.sim.Workload.Driven}): hosts as {@link weft.model.sim.Nic}s
 * sending through a {@link weft.model.sim.HostLink}, switches as a {@link weft.model.sim.SwitchAgent} acting on
 * {@link weft.model.sim.SimPacket}s, with traffic classes of strict priority ({@link
 * weft.model.sim.SimConfig#classPriorities()}). Sources: seeds 000 and 003 (fabric model, NC hosts,
 * phases), seed 002 (IBA arbitration, pause headroom, the deadlocks of cyclic routes), seed 004 (drop-tail output
 * queues), seed 001 (control, data and speculative classes, per-hop reservation work, drops after a time to wait,
 * ECN marking, the VOQ router with speedup and output buffers); BookSim for the router and traffic definitions, htsim
 * for the event list.
 */
package weft.model.sim;
