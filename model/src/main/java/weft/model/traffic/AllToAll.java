package weft.model.traffic;

import java.util.random.RandomGenerator;

/**
 * All-to-all: each source sends to every other host in turn, starting with its successor ({@code i+1, i+2, ...}
 * modulo the host count), so over {@code hosts-1} packets it has sent one to each (seed 004 §3.1: every server sends
 * to every other at rate 1/(n-1)). Keeps one position per source.
 */
final class AllToAll implements TrafficPattern {
    private final int hosts;
    private final int[] step;

    AllToAll(int hosts) {
        if (hosts < 2) {
            throw new IllegalArgumentException("alltoall needs at least 2 hosts, got " + hosts);
        }
        this.hosts = hosts;
        this.step = new int[hosts];
    }

    @Override
    public String name() {
        return "alltoall";
    }

    @Override
    public int destination(int source, RandomGenerator random) {
        int d = (source + 1 + step[source]) % hosts;
        step[source] = (step[source] + 1) % (hosts - 1);
        return d;
    }
}
