package weft.model.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Watches for deadlock: every half detection time it looks for buffers that hold flits but have sent nothing for the
 * detection time, asks the switch model what each waits for, and reports a cycle when some of them can only wait for
 * each other ({@link WaitGraph}). The detection time must exceed a credit's round trip and a packet's transmission,
 * so that no credit, pause or flit still in flight can free a buffer that looks stuck.
 */
final class DeadlockDetector {
    private final Engine engine;
    private final long period;

    DeadlockDetector(Engine engine, long period) {
        this.engine = engine;
        this.period = period;
    }

    long period() {
        return period;
    }

    /** The deadlock at {@code now}, or null. */
    DeadlockReport check(long now) {
        Fabric f = engine.fabric;
        Buffers b = engine.buffers;
        int vcs = f.vcs;
        long quiet = now - period;
        WaitGraph g = null;
        for (int c = 0; c < f.channels; c++) {
            if (f.toHost(c)) {
                continue;
            }
            for (int v = 0; v < vcs; v++) {
                int i = c * vcs + v;
                if (b.occupancy[i] > 0 && b.lastDeparture[i] <= quiet) {
                    if (g == null) {
                        g = new WaitGraph(f.channels * vcs);
                    }
                    g.candidate(i);
                }
            }
        }
        if (g == null) {
            return null;
        }
        engine.switches.waits(g, now);
        List<Integer> cycle = g.deadCycle();
        if (cycle.isEmpty()) {
            return null;
        }
        List<String> buffers = new ArrayList<>();
        List<String> channels = new ArrayList<>();
        for (int i : cycle) {
            buffers.add(f.bufferName(i / vcs, i % vcs));
            channels.add(f.channelName(i / vcs));
        }
        return new DeadlockReport(now, buffers, channels);
    }
}
