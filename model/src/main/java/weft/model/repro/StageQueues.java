package weft.model.repro;

import weft.model.sim.QueueObserver;
import weft.model.sim.SimNetwork;

/**
 * The largest output queue of each stage of the unfolded 3-level fat tree in one run (seed 004 §3.2.3, Table 3.1):
 * stage 1 edge to aggregation, 2 aggregation to core, 3 core to aggregation, 4 aggregation to edge, 5 edge to server
 * (a server's own uplink is its source queue and not counted). A switch with servers is an edge switch, one linked
 * to an edge switch an aggregation switch, the others core switches.
 */
final class StageQueues implements QueueObserver {
    static final int STAGES = 5;
    private final int[] stage;
    private final long[] most = new long[STAGES];

    /** A recorder for one run with the stage of every channel ({@link #stages}). */
    StageQueues(int[] stage) {
        this.stage = stage;
    }

    /** The stage of every channel of the fat tree, -1 for a server's uplink. */
    static int[] stages(SimNetwork net) {
        int switches = net.switches();
        boolean[] edge = new boolean[switches];
        for (int h = 0; h < net.hosts(); h++) {
            edge[net.hostSwitch(h)] = true;
        }
        boolean[] aggregation = new boolean[switches];
        for (int c = 0; c < net.channels(); c++) {
            int s = net.channelSource(c);
            int t = net.channelTarget(c);
            if (s >= 0 && t >= 0 && edge[s] && !edge[t]) {
                aggregation[t] = true;
            }
        }
        int[] stage = new int[net.channels()];
        for (int c = 0; c < stage.length; c++) {
            int s = net.channelSource(c);
            int t = net.channelTarget(c);
            if (s < 0) {
                stage[c] = -1;
            } else if (t < 0) {
                stage[c] = 5;
            } else if (edge[s]) {
                stage[c] = 1;
            } else if (aggregation[s]) {
                stage[c] = edge[t] ? 4 : 2;
            } else {
                stage[c] = 3;
            }
        }
        return stage;
    }

    @Override
    public void outputQueues(long[] peakBytes) {
        for (int c = 0; c < peakBytes.length; c++) {
            if (stage[c] > 0) {
                most[stage[c] - 1] = Math.max(most[stage[c] - 1], peakBytes[c]);
            }
        }
    }

    /** The largest queue of each stage, bytes (stage 1 at index 0). */
    long[] perStage() {
        return most.clone();
    }
}
