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
 * lane is the (SL, LASH layer) VL. One instance per run.
 */
final class ServiceLevelTraffic implements Protocol {
    private final SimNetwork network;
    private final int[] destination;
    private final int[] serviceLevel;
    private final double[] load;
    private final int packetBytes;
    private final int queueLimit;
    private final long end;

    /**
     * @param load per host, fraction of its link (0 sends nothing)
     */
    ServiceLevelTraffic(SimNetwork network, int[] destination, int[] serviceLevel, double[] load, int packetBytes,
                        int queueLimit) {
        this.network = network;
        this.destination = destination;
        this.serviceLevel = serviceLevel;
        this.load = load;
        this.packetBytes = packetBytes;
        this.queueLimit = queueLimit;
        this.end = network.config().warmupPs() + network.config().durationPs();
    }

    @Override
    public Nic nic(int host, long seed) {
        return new Source(host, new SplittableRandom(seed));
    }

    /** One host's source queue and arrival process. */
    private final class Source implements Nic {
        private final int host;
        private final SplittableRandom random;
        private final double meanGapPs;
        private final long[] created = new long[queueLimit];
        private int head;
        private int queued;
        private long next;

        Source(int host, SplittableRandom random) {
            this.host = host;
            this.random = random;
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
                    queued++;
                }
                link.generated(destination[host], packetBytes, next, accepted);
                next += gap();
            }
        }

        @Override
        public void inject(HostLink link, long nowPs) {
            arrivals(link, nowPs);
            int cls = serviceLevel[host];
            if (queued > 0 && link.canSend(destination[host], cls, packetBytes)) {
                link.send(destination[host], packetBytes, cls, cls, null, false, created[head]);
                head = (head + 1) % queueLimit;
                queued--;
            }
        }

        @Override
        public long wakePs(long nowPs) {
            return next < end ? next : Long.MAX_VALUE;
        }

        @Override
        public void received(SimPacket packet, long nowPs) {
        }
    }
}
