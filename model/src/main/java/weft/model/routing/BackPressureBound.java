package weft.model.routing;

/**
 * The worst-case number of packets a packet may wait for when back-pressure spreads along its path in a lossless
 * network with one virtual lane per port and one-packet input buffers, and the latency bound that follows.
 *
 * <p>Source: seed 002 §4.2 (worst-case back-pressure bound): {@code P = sum_{sw=1..n} (Q-2)^sw} with Q the links per
 * switch (entry and exit links excluded by the {@code -2}) and n the switches on the path; {@code L = T * P} with T the
 * transmission time of a packet (seed 002 §4.3.4, eqs. 4.1-4.3). Decision: lives with routing because it bounds what a
 * route of n switches can cost.
 */
public final class BackPressureBound {
    private BackPressureBound() {
    }

    /**
     * Packets waited for in the worst case.
     *
     * @param linksPerSwitch Q, at least 2
     * @param switches       n, switches on the path, at least 0
     */
    public static long packets(int linksPerSwitch, int switches) {
        if (linksPerSwitch < 2) {
            throw new IllegalArgumentException("linksPerSwitch (Q) must be >= 2, got " + linksPerSwitch);
        }
        if (switches < 0) {
            throw new IllegalArgumentException("switches (n) must be >= 0, got " + switches);
        }
        long sum = 0;
        long term = 1;
        for (int sw = 1; sw <= switches; sw++) {
            term = Math.multiplyExact(term, linksPerSwitch - 2);
            sum = Math.addExact(sum, term);
        }
        return sum;
    }

    /** Worst-case latency {@code L = T * P}, in the unit of the transmission time (cycles in the thesis). */
    public static long latency(int linksPerSwitch, int switches, long transmissionTime) {
        return Math.multiplyExact(transmissionTime, packets(linksPerSwitch, switches));
    }
}
