package weft.model.repro;

import java.util.SplittableRandom;

import weft.model.sim.HostLink;
import weft.model.sim.Nic;
import weft.model.sim.Protocol;
import weft.model.sim.SimNetwork;
import weft.model.sim.SimPacket;

/**
 * Open-loop traffic in which every host has its own service level, rate and destination (seed 002 §4.3: one SL
 * per host, random pairs, "a normal approximation of the Poisson distribution" for arrivals): each host makes
 * packets with exponential gaps at its rate, holds at most {@code queueLimit} of them (refusing more, counted as
 * offered), and sends the oldest whenever its link and the next buffer's lane allow. The packet's class is its
 * service level, so with {@code SimConfig#classPriorities} of one priority per class and a VL arbitration table its
 * lane is the (SL, LASH layer) VL. For the flow-level experiment (seed 002 §5.4.2) a host's traffic may be cut
 * into flows: each packet belongs to one of the host's flows, drawn in proportion to their peak rates (so each flow
 * is a Poisson stream of its rate), and carries the flow's number as its tag. A host may also send the Probe-Based
 * scheme's probes ({@link Probes}): a probe whose turn has come goes before the data, as a control packet on the
 * probes' class, and is refused when that lane has no credit. One instance per run.
 */
final class ServiceLevelTraffic implements Protocol {
    private final SimNetwork network;
    private final int[] destination;
    private final int[] serviceLevel;
    private final double[] load;
    private final int packetBytes;
    private final int queueLimit;
    private final long end;
    private final double[][] flows;
    private final int[] flowBase;
    private final Probes probes;

    /**
     * @param load  per host, fraction of its link (0 sends nothing)
     * @param flows per host, the peak rates of its flows (any unit); null: packets are tagged with their class
     */
    ServiceLevelTraffic(SimNetwork network, int[] destination, int[] serviceLevel, double[] load, int packetBytes,
                        int queueLimit, double[][] flows, Probes probes) {
        this.network = network;
        this.destination = destination;
        this.serviceLevel = serviceLevel;
        this.load = load;
        this.packetBytes = packetBytes;
        this.queueLimit = queueLimit;
        this.end = network.config().warmupPs() + network.config().durationPs();
        this.flows = flows;
        this.probes = probes;
        this.flowBase = flows == null ? null : FlowStats.bases(flows);
    }

    @Override
    public Nic nic(int host, long seed) {
        return new Source(host, seed);
    }

    /** One host's source queue and arrival process. */
    private final class Source implements Nic {
        private final int host;
        private final SplittableRandom random;
        private final double meanGapPs;
        private final long[] created = new long[queueLimit];
        private final int[] tag = new int[queueLimit];
        private final SplittableRandom picker;
        private int probe;
        private int head;
        private int queued;
        private long next;

        Source(int host, long seed) {
            this.host = host;
            this.random = new SplittableRandom(seed);
            // Flows are drawn from their own stream so the arrivals do not depend on whether flows are tagged.
            this.picker = new SplittableRandom(Long.reverse(seed) ^ 0x9E3779B97F4A7C15L);
            double packetPs = network.serializationPs(network.hostUpChannel(host), packetBytes);
            this.meanGapPs = load[host] > 0 ? packetPs / load[host] : Double.POSITIVE_INFINITY;
            this.next = load[host] > 0 ? gap() : Long.MAX_VALUE;
        }

        private long gap() {
            double g = -Math.log(1 - random.nextDouble()) * meanGapPs;
            return Math.max(1, Math.round(g));
        }

        /** Makes the packets that arrived up to now. */
        private void arrivals(HostLink link, long now) {
            while (next <= now && next < end) {
                boolean accepted = queued < queueLimit;
                if (accepted) {
                    created[(head + queued) % queueLimit] = next;
                    tag[(head + queued) % queueLimit] = flow();
                    queued++;
                }
                link.generated(destination[host], packetBytes, next, accepted);
                next += gap();
            }
        }

        /** The tag of a new packet: one of the host's flows in proportion to their peaks, or its class. */
        private int flow() {
            if (flows == null || flows[host].length == 0) {
                return serviceLevel[host];
            }
            double[] peaks = flows[host];
            double total = 0;
            for (double p : peaks) {
                total += p;
            }
            double u = picker.nextDouble() * total;
            int k = 0;
            while (k < peaks.length - 1 && u >= peaks[k]) {
                u -= peaks[k++];
            }
            return flowBase[host] + k;
        }

        /** Sends the first probe whose turn has come, refusing those the lane has no credit for; true if sent. */
        private boolean probe(HostLink link, long nowPs) {
            while (probe < probes.count(host) && probes.duePs(host, probe) <= nowPs) {
                int i = probe++;
                if (link.canSend(destination[host], probes.cls(), packetBytes)) {
                    link.send(destination[host], packetBytes, probes.cls(), -1, new Probes.Tag(i), true, nowPs);
                    return true;
                }
                probes.refused(host, i);
            }
            return false;
        }

        @Override
        public void inject(HostLink link, long nowPs) {
            arrivals(link, nowPs);
            if (probe(link, nowPs)) {
                return;
            }
            int cls = serviceLevel[host];
            if (queued > 0 && link.canSend(destination[host], cls, packetBytes)) {
                link.send(destination[host], packetBytes, cls, tag[head], null, false, created[head]);
                head = (head + 1) % queueLimit;
                queued--;
            }
        }

        @Override
        public long wakePs(long nowPs) {
            long data = next < end ? next : Long.MAX_VALUE;
            return probe < probes.count(host) ? Math.min(data, probes.duePs(host, probe)) : data;
        }

        @Override
        public void received(SimPacket packet, long nowPs) {
            if (packet.payload() instanceof Probes.Tag t) {
                probes.arrived(packet.src(), t.index(), nowPs - packet.injectedPs());
            }
        }
    }
}
