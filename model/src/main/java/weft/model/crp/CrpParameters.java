package weft.model.crp;

import java.util.random.RandomGenerator;

/**
 * CRP's configuration (seed 001 Table 1 and §2.5-2.6), in abstract units (flits, or bytes) and ticks (cycles, or
 * nanoseconds). {@link #paper()} is Table 1 with one flit per cycle: {@code V_cells = 32}, {@code C_max = 269},
 * {@code N_min = 4} and {@code N_max = 16} packets of 32 flits, {@code ε = 5%}, {@code TTW = 200},
 * {@code R_res = 1}, {@code R_cycles = 30}, with §2.6's randomised retry wait and one segment reserving per
 * destination (the paper does not say; its hotspot retry probability, §4.1, and SRP's flow buffers point to one:
 * docs/crp.md decision 12).
 *
 * @param cells            {@code V_cells}: cells per table and bits per request vector, 1..64
 * @param capacity         {@code C_max}: the reference capacity of one slot in units (each table may have its own)
 * @param clock            the global slot clock (its slot length is {@code C_max} cycles in the paper)
 * @param minUnits         {@code N_min}: flows smaller than this do not use CRP
 * @param maxUnits         {@code N_max}: larger flows are cut into segments of this size
 * @param epsilonPpm       {@code ε} in parts per million: every request is reserved {@code ε} larger
 * @param ttwTicks         {@code TTW}: a speculative packet buffered longer than this in the network is dropped
 * @param eagerSlots       {@code R_res}: request sizes a request eagerly holds at each channel (0: none)
 * @param retryTicks       {@code R_cycles}: wait after a retry other than "destination full"
 * @param retryJitterTicks extra wait drawn uniformly from {@code [0, retryJitterTicks]} (§2.6; 0: none)
 * @param randomRetry      §2.6's randomised wait: each wait {@code w} of §2.4 is drawn uniformly from
 *                         {@code [w/2, 3w/2]} (mean {@code w}) instead of taken as it is
 * @param outstanding      segments a source keeps reserving per destination, each from its request until its data
 *                         has gone (see {@link CrpSource})
 * @param ageAfterRetries  §2.6 ageing: after this many retries a request holds one more slot per retry (0: off)
 * @param eagerMax         the most request sizes ageing may hold
 */
public record CrpParameters(int cells, long capacity, SlotClock clock, long minUnits, long maxUnits,
                            long epsilonPpm, long ttwTicks, int eagerSlots, long retryTicks, long retryJitterTicks,
                            boolean randomRetry, int outstanding, int ageAfterRetries, int eagerMax) {
    private static final long PPM = 1_000_000L;

    public CrpParameters {
        if (cells < 1 || cells > 64) {
            throw new IllegalArgumentException("crp: cells (V_cells) " + cells + " outside 1..64");
        }
        if (capacity <= 0) {
            throw new IllegalArgumentException("crp: capacity (C_max) " + capacity + " must be positive");
        }
        if (clock == null) {
            throw new IllegalArgumentException("crp: no slot clock");
        }
        if (minUnits < 1 || maxUnits < minUnits) {
            throw new IllegalArgumentException("crp: N_min " + minUnits + " and N_max " + maxUnits
                    + " must satisfy 1 <= N_min <= N_max");
        }
        if (epsilonPpm < 0 || ttwTicks < 0 || retryTicks < 0 || retryJitterTicks < 0) {
            throw new IllegalArgumentException("crp: epsilon, TTW and retry waits must not be negative");
        }
        if (eagerSlots < 0 || eagerMax < eagerSlots || ageAfterRetries < 0 || outstanding < 1) {
            throw new IllegalArgumentException("crp: R_res " + eagerSlots + ", eager maximum " + eagerMax
                    + ", ageing " + ageAfterRetries + ", outstanding " + outstanding
                    + ": expected 0 <= R_res <= maximum, ageing >= 0, outstanding >= 1");
        }
        long largest = inflate(maxUnits, epsilonPpm);
        if (largest > 2 * capacity) {
            throw new IllegalArgumentException("crp: N_max " + maxUnits + " reserves " + largest
                    + " units with epsilon, more than 2·C_max = " + 2 * capacity + " (seed 001 §2.5)");
        }
    }

    /** Seed 001 Table 1, one flit per cycle (32-flit packets). */
    public static CrpParameters paper() {
        return new CrpParameters(32, 269, SlotClock.of(269), 4 * 32, 16 * 32, 50_000, 200, 1, 30, 0, true, 1, 0,
                1);
    }

    private static long inflate(long units, long ppm) {
        return units + Math.floorDiv(Math.multiplyExact(units, ppm) + PPM - 1, PPM);
    }

    /**
     * The units reserved for {@code units} of data: {@code ceil(x·(1+ε))} (seed 001 §2.5; decision: round up, so
     * 256 flits at 5% reserve 269, the paper's {@code C_max}).
     */
    public long inflate(long units) {
        return inflate(units, epsilonPpm);
    }

    /** The table window in ticks: {@code V_cells} slots. */
    public long windowTicks() {
        return cells * clock.slotTicks();
    }

    /**
     * How long a source waits before re-requesting (seed 001 §2.4 and §2.6): the window less the round trip for
     * {@link RetryCause#DESTINATION_FULL}, {@code R_cycles} otherwise; with {@link #randomRetry} drawn uniformly
     * from half to one and a half times that (§2.6 randomises the wait against starvation without saying how; the
     * mean stays §2.4's wait, and a "destination full" retry comes back at a uniformly random phase of the window);
     * plus the extra jitter when configured.
     *
     * @param rttTicks the request's measured round trip (request sent to retry received)
     */
    public long retryWait(RetryCause cause, long rttTicks, RandomGenerator random) {
        long wait = cause.longWait() ? Math.max(0, windowTicks() - rttTicks) : retryTicks;
        if (randomRetry && wait > 0) {
            wait = wait / 2 + random.nextLong(wait + 1);
        }
        return retryJitterTicks == 0 ? wait : wait + random.nextLong(retryJitterTicks + 1);
    }

    /**
     * Request sizes a request with {@code retries} earlier retries eagerly holds: {@code R_res}, plus one per
     * retry beyond {@code ageAfterRetries} when ageing is on, at most {@code eagerMax} (seed 001 §2.6).
     */
    public int eagerSlotsFor(int retries) {
        if (ageAfterRetries == 0 || retries <= ageAfterRetries) {
            return eagerSlots;
        }
        return (int) Math.min(eagerMax, (long) eagerSlots + retries - ageAfterRetries);
    }

    /** Whether a speculative packet buffered {@code bufferedTicks} in the network is dropped (seed 001 §2.5). */
    public boolean speculativeExpired(long bufferedTicks) {
        return bufferedTicks > ttwTicks;
    }

    /** A builder starting from these values. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Changes some parameters of a {@link CrpParameters}; {@link #build()} validates. */
    public static final class Builder {
        private int cells;
        private long capacity;
        private SlotClock clock;
        private long minUnits;
        private long maxUnits;
        private long epsilonPpm;
        private long ttwTicks;
        private int eagerSlots;
        private long retryTicks;
        private long retryJitterTicks;
        private boolean randomRetry;
        private int outstanding;
        private int ageAfterRetries;
        private int eagerMax;

        private Builder(CrpParameters p) {
            cells = p.cells;
            capacity = p.capacity;
            clock = p.clock;
            minUnits = p.minUnits;
            maxUnits = p.maxUnits;
            epsilonPpm = p.epsilonPpm;
            ttwTicks = p.ttwTicks;
            eagerSlots = p.eagerSlots;
            retryTicks = p.retryTicks;
            retryJitterTicks = p.retryJitterTicks;
            randomRetry = p.randomRetry;
            outstanding = p.outstanding;
            ageAfterRetries = p.ageAfterRetries;
            eagerMax = p.eagerMax;
        }

        /** Slots per table and the slot clock together: {@code capacity} units in {@code slotTicks} ticks. */
        public Builder table(int cells, long capacity, SlotClock clock) {
            this.cells = cells;
            this.capacity = capacity;
            this.clock = clock;
            return this;
        }

        public Builder sizes(long minUnits, long maxUnits) {
            this.minUnits = minUnits;
            this.maxUnits = maxUnits;
            return this;
        }

        public Builder epsilonPpm(long ppm) {
            this.epsilonPpm = ppm;
            return this;
        }

        public Builder ttwTicks(long ticks) {
            this.ttwTicks = ticks;
            return this;
        }

        public Builder eagerSlots(int slots) {
            this.eagerSlots = slots;
            this.eagerMax = Math.max(eagerMax, slots);
            return this;
        }

        public Builder retry(long ticks, long jitterTicks) {
            this.retryTicks = ticks;
            this.retryJitterTicks = jitterTicks;
            return this;
        }

        /** §2.6's randomised retry wait on ({@link CrpParameters#paper()}) or off (§2.4's waits as they are). */
        public Builder randomRetry(boolean on) {
            this.randomRetry = on;
            return this;
        }

        public Builder outstanding(int perDestination) {
            this.outstanding = perDestination;
            return this;
        }

        public Builder ageing(int afterRetries, int maxSlots) {
            this.ageAfterRetries = afterRetries;
            this.eagerMax = maxSlots;
            return this;
        }

        public CrpParameters build() {
            return new CrpParameters(cells, capacity, clock, minUnits, maxUnits, epsilonPpm, ttwTicks, eagerSlots,
                    retryTicks, retryJitterTicks, randomRetry, outstanding, ageAfterRetries, eagerMax);
        }
    }
}
