package weft.model.traffic;

import java.util.random.RandomGenerator;

/** Incast N to 1: hosts {@code 1..N} all send to host 0; the other hosts are silent. */
final class Incast implements TrafficPattern {
    private final int senders;

    Incast(int hosts, int senders) {
        if (senders < 1 || senders >= hosts) {
            throw new IllegalArgumentException("incast:" + senders + " needs 1.." + (hosts - 1) + " senders ("
                    + hosts + " hosts)");
        }
        this.senders = senders;
    }

    @Override
    public String name() {
        return "incast:" + senders;
    }

    @Override
    public boolean sends(int source) {
        return source >= 1 && source <= senders;
    }

    @Override
    public int destination(int source, RandomGenerator random) {
        return 0;
    }
}
