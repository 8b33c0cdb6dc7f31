package weft.model.repro;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import weft.model.qos.HighPriorityLimit;
import weft.model.qos.ServiceLevels;
import weft.model.routing.LayerLayout;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.SimConfig;
import weft.model.sim.SimNetwork;
import weft.model.sim.SimObserver;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.RandomIrregular;
import weft.model.traffic.Shuffle;

/**
 * The InfiniBand fabrics of seed 002 chapters 4 and 5 as Weft simulates them (§4.2.2, §4.3): random irregular
 * fabrics of 32 switches with five hosts each and ten ports (so at most five switch links), one service level per
 * host (the host on a switch's port k sends on SL k, Table 4.1), random pairs (each host sends to one other and
 * receives from one), Poisson arrivals, LASH with three layers per service level (5 x 3 = 15 VLs, §4.2.3), SLs mapped
 * one to one onto VLs, and every output choosing the next VL with the IBA arbiter ({@code VlArbiter}) over the
 * Table 4.1 weights. Virtual cut-through, credits, one packet of input buffer per VL (§4.2.2), and the thesis's
 * switching core: a crossbar that "only one packet is allowed to traverse at a time" per link, with round-robin output
 * link arbitration (§4.2.2), so a packet at the front of a VL's input buffer blocks the packets behind it (the
 * {@code crossbar} switch; {@code shared} is the output-queued switch of infinite speedup that Weft's Ethernet
 * reproductions use, kept for comparison).
 *
 * <p>Time is counted in the thesis's cycles: eq. 4.3 takes a packet's transmission as T = 32 cycles, so a cycle is
 * 1/32 of a packet time. Packets are one 64-byte block: Table 4.1's weights (1 to 10 blocks) count 64-byte blocks,
 * and only packets of at most one block let them weigh (with 2 KB packets every VL would send one packet per turn,
 * whatever its weight).
 */
final class IbaSetup {
    /** One IBA arbitration block. */
    static final int PACKET_BYTES = 64;
    /** Eq. 4.3: a packet's transmission time. */
    static final int CYCLES_PER_PACKET = 32;
    static final double GBPS = 10;
    static final int HOSTS_PER_SWITCH = 5;
    /** Ten ports per switch, five of them hosts. */
    static final int DEGREE = 5;
    /** §4.2.3: three LASH layers for each of the five classes. */
    static final int LAYERS_PER_CLASS = 3;
    /** Picoseconds per cycle: 64 bytes at 10 Gbit/s over 32. */
    static final long CYCLE_PS = Math.round(PACKET_BYTES * 8 / GBPS * 1000) / CYCLES_PER_PACKET;

    private IbaSetup() {
    }

    /** Fabric {@code seed}: 32 (or {@code switches}) switches, 5 hosts each, at most 5 switch links. */
    static Topology fabric(int switches, long seed) {
        GeneratorOptions options = GeneratorOptions.defaults().withGbps(GBPS).withHosts(HOSTS_PER_SWITCH)
                .withLatencyUs(CYCLE_PS / 1e6);
        return RandomIrregular.generate(switches, DEGREE, seed, options);
    }

    /**
     * LASH given three layers per class for the five service levels (§4.2.3), its pairs spread over all three even
     * where it needs fewer (§3.3.1's given layering), so every SL's traffic uses three VLs, one per layer.
     */
    static RoutingResult routes(Topology t, int classes) {
        return RoutingEngines.byName("lash").compute(t, RoutingOptions.defaults()
                .withMaxLayers(LAYERS_PER_CLASS * classes).withClasses(classes).withLayers(LAYERS_PER_CLASS));
    }

    /** The service level of every host: its port on the switch, less one. */
    static int[] serviceLevels(Topology t, int classes) {
        int[] sl = new int[t.hosts().size()];
        for (int h = 0; h < sl.length; h++) {
            sl[h] = (t.hosts().get(h).port() - 1) % classes;
        }
        return sl;
    }

    /** Random pairs: a random permutation of the hosts with no host sending to itself (§4.3). */
    static int[] randomPairs(int hosts, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] dst = Shuffle.permutation(hosts, random);
        boolean fixed = true;
        while (fixed) {
            fixed = false;
            for (int i = 0; i < hosts; i++) {
                if (dst[i] == i) {
                    int j = (i + 1 + random.nextInt(hosts - 1)) % hosts;
                    dst[i] = dst[j];
                    dst[j] = i;
                    fixed = true;
                }
            }
        }
        return dst;
    }

    /**
     * The fabric's simulator.
     *
     * @param levels       Table 4.1, balanced or unbalanced
     * @param crossbar     the thesis's crossbar of speedup 1 with round-robin output arbitration (§4.2.2); false:
     *                     infinite speedup, outputs first come first served
     * @param limit        the limit of high priority
     * @param bufferPackets input buffer per VL
     * @param routerCycles a switch's delay from a packet's arrival to its first chance to leave
     * @param warmupCycles simulated before measuring
     * @param cycles       measured
     */
    static Simulator simulator(Topology t, RoutingResult routes, ServiceLevels levels, boolean crossbar,
                               HighPriorityLimit limit, int bufferPackets, int routerCycles, long warmupCycles,
                               long cycles, long seed) {
        int classes = levels.size();
        LayerLayout layout = LayerLayout.infiniband(routes.layers(), classes);
        SimConfig config = SimConfig.defaults().withPacketBytes(PACKET_BYTES)
                .withBufferBytes((long) bufferPackets * PACKET_BYTES)
                .withInfiniteSpeedup(!crossbar).withAllocator("rr").withOutputOrder("fcfs")
                .withClassPriorities(Collections.nCopies(classes, 0))
                .withLaneArbitration(levels.arbitrationTable(layout, limit))
                .withRouterDelayPs(routerCycles * CYCLE_PS).withHostLatencyPs(CYCLE_PS)
                .withWarmupPs(warmupCycles * CYCLE_PS).withDurationPs(cycles * CYCLE_PS).withSeed(seed);
        return new Simulator(t, routes, config);
    }

    /** Per-host offered loads (fractions of the link) at a mean offered load, by each host's service level. */
    static double[] hostLoads(ServiceLevels levels, int[] serviceLevel, double meanLoad) {
        double[] load = new double[serviceLevel.length];
        for (int h = 0; h < load.length; h++) {
            load[h] = Math.min(1, levels.hostLoad(serviceLevel[h], meanLoad));
        }
        return load;
    }

    /**
     * One run of a fabric with every host offering {@code hostLoad} (fractions of its link) on its service level.
     *
     * @param queueLimit packets a host holds before refusing more
     */
    static ClassStats measure(Simulator sim, Fabric f, int classes, double[] hostLoad, int queueLimit) {
        return measure(sim, f, classes, hostLoad, queueLimit, null, Probes.none(hostLoad.length));
    }

    /**
     * The same run with each host's traffic cut into flows and probes sent (seed 002 §5.4.2), seen also by
     * {@code observers}.
     *
     * @param flows per host, its flows' peak rates; null: untagged
     */
    static ClassStats measure(Simulator sim, Fabric f, int classes, double[] hostLoad, int queueLimit,
                              double[][] flows, Probes probes, SimObserver... observers) {
        SimNetwork net = sim.network();
        int hosts = f.destination().length;
        int[] switches = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            switches[h] = net.path(h, f.destination()[h]).length - 1;
        }
        ClassStats stats = new ClassStats(f.serviceLevel(), classes, switches, net.channels(),
                MeasuredWindow.of(net.config()), CYCLE_PS, GBPS);
        SimResult r = sim.run(new Workload.Driven("service levels", n -> new ServiceLevelTraffic(n, f.destination(),
                f.serviceLevel(), hostLoad, PACKET_BYTES, queueLimit, flows, probes)), InjectionPolicy.noControl(),
                Stream.<SimObserver>concat(Stream.of(stats), Stream.of(observers)).toList());
        if (r.deadlock() != null) {
            throw new IllegalStateException("LASH routes deadlocked: " + r.deadlock().cycle());
        }
        return stats;
    }

    /** One fabric of the experiment: topology, routes, service levels and pairs. */
    record Fabric(Topology topology, RoutingResult routes, int[] serviceLevel, int[] destination, long seed) {
        static List<Fabric> of(int switches, int count, int classes, long seed) {
            List<Fabric> out = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                long s = seed + i;
                Topology t = fabric(switches, s);
                out.add(new Fabric(t, IbaSetup.routes(t, classes), serviceLevels(t, classes),
                        randomPairs(t.hosts().size(), s), s));
            }
            return out;
        }
    }
}
