package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import weft.model.rate.VoqBudget;
import weft.model.rate.distributed.LinkProxyScheduler.Mode;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.Protocol;
import weft.model.sim.SimConfig;
import weft.model.sim.SimObserver;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.sim.scheduling.SchedulingLayer;
import weft.model.traffic.Shuffle;

/**
 * One run of seed 004 §4.4's tenant experiments on the fat tree of {@link DataCenterFabric} (lossy drop-tail
 * switches, every packet on the path its sender's path policy picks): the servers partitioned into tenants, each
 * server's application making frames of one size at Poisson or periodic times (a message script), and the servers
 * either sending them as they come ({@link ScriptedSenders}) or through ch. 4's scheduling layer ({@link
 * SchedulingLayer}, every tenant its own Virtual Switch, max-min or backlog-proportional rates every interval T,
 * 84-byte requests and responses crossing the fat tree beside the data, VOQs retired 10 intervals after they
 * empty, messages cut into frames of the one size, token buckets two frames deep: a frame held back by another
 * VOQ's on the server's link keeps the tokens it waited for, where a bucket of one frame loses them, 3.5% of the
 * link with 15 VOQs taking turns).
 *
 * <p>What a run measures, over the window {@code [from, to)}: per flow, the frames made in the window and how many of
 * them arrived (by the end of the drain); the data frames delivered and dropped in the window (a drop is a data
 * frame when its size is the data frame's: requests and responses are the 84-byte minimum); the control packets
 * sent in the whole run.
 */
final class TenantRun {
    /** The schemes of a run: no scheduling layer, or the layer with max-min or backlog-proportional shares. */
    enum Scheme {
        NONE, MAX_MIN, BACKLOG_PROPORTIONAL
    }

    /**
     * A run's figures (above); {@code made} and {@code arrived} per flow {@code src * hosts + dst}; {@code runPs} the
     * run's whole length, drain included.
     */
    record Measured(int hosts, long[] made, long[] arrived, long delivered, long dropped, long control, long runPs) {
        /** Arrived over made frames of flow src to dst, NaN when it made none. */
        double throughput(int src, int dst) {
            int f = src * hosts + dst;
            return made[f] == 0 ? Double.NaN : arrived[f] / (double) made[f];
        }

        /** Dropped data frames over delivered and dropped ones, in the window. */
        double loss() {
            return delivered + dropped == 0 ? 0 : dropped / (double) (delivered + dropped);
        }
    }

    private final DataCenterFabric fabric;
    private final DataCenterFabric.Options options;
    private final String policy;
    private final double intervalMs;
    private final int frameBytes;

    /**
     * @param policy     the hosts' path policy (a {@code weft.model.host.path.PathPolicy} name)
     * @param intervalMs scheduling interval T
     * @param frameBytes every data frame's size on the wire
     */
    TenantRun(DataCenterFabric.Options options, String policy, double intervalMs, int frameBytes) {
        this.fabric = new DataCenterFabric(options.k());
        this.options = options;
        this.policy = policy;
        this.intervalMs = intervalMs;
        this.frameBytes = frameBytes;
    }

    int hosts() {
        return fabric.hosts();
    }

    /** Start of the measured window. */
    long fromPs() {
        return Math.round(options.warmupMs() * DataCenterFabric.MS);
    }

    /** End of the measured window: the applications make nothing after it. */
    long toPs() {
        return fromPs() + Math.round(options.windowMs() * DataCenterFabric.MS);
    }

    /**
     * The hosts in {@code hosts / size} tenants of {@code size} servers assigned at random (§4.4.1: "assigned at
     * random"): entry t lists tenant t's servers.
     */
    static int[][] tenants(int hosts, int size, long seed) {
        if (size < 2 || hosts % size != 0) {
            throw new IllegalArgumentException("--tenant-size must be at least 2 and divide the " + hosts
                    + " servers, got " + size);
        }
        int[] order = Shuffle.permutation(hosts, new SplittableRandom(seed));
        int[][] out = new int[hosts / size][size];
        for (int i = 0; i < hosts; i++) {
            out[i / size][i % size] = order[i];
        }
        return out;
    }

    /** Tenant of each host, from {@link #tenants}. */
    static int[] tenantOf(int[][] tenants) {
        int[] of = new int[tenants.length * tenants[0].length];
        for (int t = 0; t < tenants.length; t++) {
            for (int h : tenants[t]) {
                of[h] = t;
            }
        }
        return of;
    }

    /**
     * Adds to {@code script} the frames of flow src to dst at {@code gbps} from 0 to the window's end: exponential
     * gaps, or (periodic) a fixed period from a random phase.
     */
    void flow(List<SchedulingLayer.Message> script, int src, int dst, double gbps, boolean periodic,
              SplittableRandom rnd) {
        double gapPs = frameBytes * 8_000.0 / gbps;
        int payload = frameBytes - VirtualSwitchRun.HEADER;
        long to = toPs();
        for (double t = periodic ? rnd.nextDouble() * gapPs : exp(rnd) * gapPs; t < to;
             t += periodic ? gapPs : exp(rnd) * gapPs) {
            script.add(new SchedulingLayer.Message(src, dst, (long) t, payload));
        }
    }

    /** Every member of {@code tenant} sends to every other at {@code load} of its link in all. */
    void allToAll(List<SchedulingLayer.Message> script, int[] tenant, double load, boolean periodic,
                  SplittableRandom rnd) {
        for (int s : tenant) {
            for (int d : tenant) {
                if (s != d) {
                    flow(script, s, d, load * DataCenterFabric.GBPS / (tenant.length - 1), periodic, rnd);
                }
            }
        }
    }

    private static double exp(SplittableRandom rnd) {
        return -Math.log(1 - rnd.nextDouble());
    }

    /** Runs the script under {@code scheme}, drained for five intervals or 5 ms past the window. */
    Measured run(List<SchedulingLayer.Message> script, int[] tenantOf, Scheme scheme, long seed) {
        List<SchedulingLayer.Message> messages = new ArrayList<>(script);
        messages.sort(java.util.Comparator.comparingLong(SchedulingLayer.Message::startPs));
        int hosts = hosts();
        long from = fromPs();
        long to = toPs();
        long end = to + Math.max(Math.round(5 * intervalMs * DataCenterFabric.MS), 5 * DataCenterFabric.MS);
        SimConfig config = options.config(false, SimConfig.Arrivals.POISSON, policy, seed).toBuilder()
                .warmupPs(from).durationPs(end - from).drain(false).build();
        long[] made = new long[hosts * hosts];
        for (SchedulingLayer.Message m : messages) {
            if (m.startPs() >= from && m.startPs() < to) {
                made[m.src() * hosts + m.dst()]++;
            }
        }
        Counter counter = new Counter(hosts, from, to, frameBytes, new long[hosts * hosts], new long[2]);
        SchedulingLayer[] layer = new SchedulingLayer[1];
        new Simulator(fabric.topology, fabric.routes, config).run(new Workload.Driven("tenants", net -> {
            if (scheme == Scheme.NONE) {
                return (Protocol) new ScriptedSenders(hosts, messages, VirtualSwitchRun.HEADER);
            }
            Mode mode = scheme == Scheme.MAX_MIN ? Mode.MAX_MIN : Mode.BACKLOG_PROPORTIONAL;
            long intervalPs = Math.round(intervalMs * DataCenterFabric.MS);
            SchedulingLayer.Parameters p = new SchedulingLayer.Parameters(mode, intervalPs, new VoqBudget(
                    VirtualSwitchRun.CONTROL, intervalMs / 1000, 0), frameBytes, VirtualSwitchRun.HEADER,
                    2 * frameBytes, 10 * intervalPs, 0);
            layer[0] = new SchedulingLayer(net, p, messages, tenantOf);
            return layer[0];
        }), InjectionPolicy.noControl(), List.of(counter));
        return new Measured(hosts, made, counter.arrived, counter.sums[0], counter.sums[1],
                layer[0] == null ? 0 : layer[0].controlPackets(), end);
    }

    /**
     * Counts per flow the data frames made in the window that arrived, and the data frames delivered and dropped in
     * the window ({@code sums}).
     */
    private record Counter(int hosts, long from, long to, int frameBytes, long[] arrived, long[] sums)
            implements SimObserver {
        @Override
        public void delivered(int src, int dst, int flow, int bytes, long createdPs, long injectedPs, long nowPs) {
            if (flow < 0) {
                return;
            }
            if (createdPs >= from && createdPs < to) {
                arrived[src * hosts + dst]++;
            }
            if (nowPs >= from && nowPs < to) {
                sums[0]++;
            }
        }

        @Override
        public void dropped(int channel, int src, int dst, int bytes, long nowPs) {
            if (bytes == frameBytes && nowPs >= from && nowPs < to) {
                sums[1]++;
            }
        }
    }
}
