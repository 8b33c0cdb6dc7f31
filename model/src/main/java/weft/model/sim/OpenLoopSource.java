package weft.model.sim;

import java.util.SplittableRandom;

import weft.model.traffic.TrafficPattern;

/**
 * Makes open-loop packets at every host: one packet of the configured size at a time, destinations from the
 * pattern, gaps from the arrival process, each host drawing from its own random stream. A host whose queue is full
 * refuses the packet (counted), so a saturated run keeps bounded memory.
 *
 * <p>Bernoulli arrivals are BookSim's: time is cut into slots of one flit time on the host link, and a packet is made
 * in each slot with probability {@code load / flits per packet}, so gaps are geometric; Poisson arrivals have
 * exponential gaps of the same mean; periodic ones a fixed gap of one packet time over the load. With random packet
 * sizes ({@link SimConfig#minPacketBytes()}) each size is drawn uniformly from the host's stream before its gap;
 * Poisson gaps have the mean size's mean, periodic gaps pace each packet by its own size. With {@link
 * SimConfig#alternateSizes()} each host alternates between the largest and the smallest size instead.
 */
final class OpenLoopSource {
    private final Engine engine;
    private final Hosts hosts;
    private final TrafficPattern pattern;
    private final double load;
    private final long end;
    private final SplittableRandom[] random;
    private final double[] carry;
    /** Alternating sizes: whether host h's last packet was the large one (its first is). */
    private final boolean[] large;
    /** Bernoulli: {@code ln(1 - p)} of the per-slot probability, -infinity when a packet comes every slot. */
    private final double logMiss;
    private final int limit;

    /** A source feeding the engine's hosts ({@code engine.hosts}, set before), making packets until {@code end}. */
    OpenLoopSource(Engine engine, TrafficPattern pattern, double load, long end) {
        this.engine = engine;
        this.hosts = engine.hosts;
        this.pattern = pattern;
        this.load = load;
        this.end = end;
        this.limit = engine.config.sourceQueuePackets();
        int n = engine.fabric.hosts;
        double p = load / engine.config.flitsOf(engine.config.packetBytes());
        logMiss = p < 1 ? Math.log1p(-p) : Double.NEGATIVE_INFINITY;
        random = new SplittableRandom[n];
        carry = new double[n];
        large = new boolean[n];
        for (int h = 0; h < n; h++) {
            random[h] = new SplittableRandom(Engine.mix(engine.config.seed() * 41 + h));
        }
    }

    /** Schedules every sending host's first packet. */
    void start() {
        for (int h = 0; h < engine.fabric.hosts; h++) {
            if (pattern.sends(h)) {
                long first = gap(h, engine.config.packetBytes());
                if (engine.config.arrivals() == SimConfig.Arrivals.PERIODIC) {
                    first = (long) (random[h].nextDouble() * first);
                } else if (engine.config.arrivals() == SimConfig.Arrivals.BERNOULLI) {
                    first -= slot(h);
                }
                if (first < end) {
                    engine.events.schedule(first, Engine.PHASE_STATE, Engine.EV_GEN, h, 0, 0);
                }
            }
        }
    }

    private long slot(int h) {
        return engine.fabric.serPs(engine.fabric.hostUp[h], engine.config.unitBytes());
    }

    /** The time to host h's next packet, after one of {@code bytes}. */
    private long gap(int h, int bytes) {
        SimConfig c = engine.config;
        switch (c.arrivals()) {
            case BERNOULLI -> {
                long slots = 1;
                if (logMiss != Double.NEGATIVE_INFINITY) {
                    double u = 1 - random[h].nextDouble();
                    slots = 1 + (long) Math.floor(Math.log(u) / logMiss);
                }
                return slots * slot(h);
            }
            case POISSON -> {
                double mean = (c.minPacketBytes() == 0 ? engine.fabric.serPs(engine.fabric.hostUp[h], c.packetBytes())
                        : exactSerPs(h, c.meanPacketBytes())) / load;
                return Math.max(1, Math.round(-Math.log(1 - random[h].nextDouble()) * mean));
            }
            default -> {
                double exact = (c.minPacketBytes() == 0 ? engine.fabric.serPs(engine.fabric.hostUp[h], c.packetBytes())
                        : exactSerPs(h, bytes)) / load + carry[h];
                long g = Math.max(1, (long) Math.floor(exact));
                carry[h] = exact - g;
                return g;
            }
        }
    }

    /** Serialisation time of {@code bytes} on host h's link, unrounded. */
    private double exactSerPs(int h, double bytes) {
        return bytes * 8_000_000.0 / engine.fabric.chMbps[engine.fabric.hostUp[h]];
    }

    /** The size of host h's next packet: fixed, alternating large and small, or uniform. */
    private int size(int h, SimConfig c) {
        if (c.minPacketBytes() == 0) {
            return c.packetBytes();
        }
        if (c.alternateSizes()) {
            large[h] = !large[h];
            return large[h] ? c.packetBytes() : c.minPacketBytes();
        }
        return c.minPacketBytes() + random[h].nextInt(c.packetBytes() - c.minPacketBytes() + 1);
    }

    /** Host h's arrival event: make a packet, queue it, schedule the next. */
    void generate(int h, long now) {
        int dst = pattern.destination(h, random[h]);
        SimConfig c = engine.config;
        int bytes = size(h, c);
        boolean accepted = hosts.length(h) < limit;
        if (accepted) {
            hosts.enqueue(h, h, dst, bytes, -1, now, engine.stats.measuring(now));
        }
        engine.stats.onGenerate(h, dst, bytes, now, accepted);
        long next = now + gap(h, bytes);
        if (next < end) {
            engine.events.schedule(next, Engine.PHASE_STATE, Engine.EV_GEN, h, 0, 0);
        }
        hosts.ready(h, now);
    }
}
