package weft.model.sim;

import weft.model.routing.ForwardingTable;
import weft.model.topology.Topology;

/** {@link SimNetwork} over a simulator's fabric and routes: what a protocol may know of the network it runs on. */
record FabricNetwork(Topology topology, SimConfig config, Fabric fabric, ForwardingTable forwarding)
        implements SimNetwork {
    @Override
    public int hosts() {
        return fabric.hosts;
    }

    @Override
    public int switches() {
        return fabric.switches;
    }

    @Override
    public int channels() {
        return fabric.channels;
    }

    @Override
    public int hostSwitch(int h) {
        return fabric.hostSwitch[h];
    }

    @Override
    public int hostUpChannel(int h) {
        return fabric.hostUp[h];
    }

    @Override
    public int hostDownChannel(int h) {
        return fabric.hostDown[h];
    }

    @Override
    public int channelSource(int c) {
        return fabric.fromHost(c) ? -1 : fabric.chSrc[c];
    }

    @Override
    public int channelTarget(int c) {
        return fabric.toHost(c) ? -1 : fabric.chDst[c];
    }

    @Override
    public int[] path(int src, int dst) {
        if (src < 0 || dst < 0 || src >= fabric.hosts || dst >= fabric.hosts || src == dst) {
            throw new IllegalArgumentException("path: hosts " + src + " and " + dst + " (two of " + fabric.hosts
                    + ")");
        }
        int s = fabric.hostSwitch[src];
        int d = fabric.hostSwitch[dst];
        int layer = s == d ? 0 : fabric.pairLayer(s, d, 0);
        int tag = s == d ? 0 : fabric.pairTag(s, d, 0);
        int[] out = new int[fabric.switches + 2];
        int n = 0;
        int in = fabric.hostUp[src];
        out[n++] = in;
        int at = s;
        while (at != d) {
            int e = forwarding.lookup(at, d, layer, fabric.chDstPort[in], tag);
            if (e == ForwardingTable.NONE || n > fabric.switches) {
                throw new SimulationException("routes: no loop-free path from host " + fabric.nodeName(
                        fabric.switches + src) + " to " + fabric.nodeName(fabric.switches + dst) + " (at "
                        + fabric.nodeName(at) + ")");
            }
            int k = forwarding.outCount(e);
            in = forwarding.outChannel(e, k == 1 ? 0 : Engine.ecmpIndex(src, dst, fabric.hosts, at, k));
            out[n++] = in;
            at = fabric.chDst[in];
        }
        out[n++] = fabric.hostDown[dst];
        return java.util.Arrays.copyOf(out, n);
    }

    @Override
    public long serializationPs(int c, long bytes) {
        return fabric.serPs(c, bytes);
    }

    @Override
    public long latencyPs(int c) {
        return fabric.chLatencyPs[c];
    }
}
