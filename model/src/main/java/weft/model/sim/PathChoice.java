package weft.model.sim;

import java.util.List;
import java.util.SplittableRandom;

import weft.model.host.path.PathPolicy;
import weft.model.traffic.Flow;

/**
 * Which of the paths {@code layer_of} lists for its pair of switches a packet takes (its layer and path tag), chosen
 * when the packet reaches the front of its host queue: its flow's own path when the workload pins it (seed 000 §3.1),
 * else the sending host's {@link PathPolicy} (the agent's, seed 004 §3.2), whose destination is the destination
 * switch (paths are per pair of switches). Multi-Phase is told the channels of each path, found by walking the
 * forwarding entries.
 */
final class PathChoice {
    private final Engine engine;
    private final Fabric fabric;
    private final Flits flits;
    private final PathPolicy[] policies;
    private final boolean multiPhase;
    /** Per host (Multi-Phase and P-MP only): destination switches whose paths its policy has been told. */
    private final boolean[][] declared;
    /** Per flow: index of its own path among its pair's, -1 for the path policy; null when no flow is pinned. */
    private int[] flowPath;

    PathChoice(Engine engine) {
        this.engine = engine;
        this.fabric = engine.fabric;
        this.flits = engine.flits;
        SimConfig config = engine.config;
        int hosts = fabric.hosts;
        policies = new PathPolicy[hosts];
        for (int h = 0; h < hosts; h++) {
            SplittableRandom random = new SplittableRandom(Engine.mix(config.seed() * 31 + 2 * h + 1));
            policies[h] = PathPolicy.create(config.pathPolicy(), fabric.hostSwitches(), fabric.maxPaths,
                    Math.max(1, fabric.switchChannels), h, random);
        }
        multiPhase = hosts > 0 && policies[0].usesPathLinks();
        declared = new boolean[multiPhase ? hosts : 0][];
    }

    /**
     * Pins flows to their own paths (seed 000 §3.1: a flow's route is set up once and all its packets follow it):
     * {@code flowTag[f]} is the tag under which the pair's paths list flow f's path, -1 for the host's path policy.
     *
     * @throws IllegalArgumentException naming the flow when its tag is not among its pair's paths
     */
    void fixPaths(int[] flowTag, int[] src, int[] dst, String workload, List<Flow> flows) {
        for (int f = 0; f < flowTag.length; f++) {
            if (flowTag[f] < 0) {
                continue;
            }
            if (flowPath == null) {
                flowPath = new int[flowTag.length];
                java.util.Arrays.fill(flowPath, -1);
            }
            int s = fabric.hostSwitch[src[f]];
            int d = fabric.hostSwitch[dst[f]];
            if (s == d) {
                continue;
            }
            for (int i = 0; i < fabric.pathCount(s, d); i++) {
                if (fabric.pairTag(s, d, i) == flowTag[f]) {
                    flowPath[f] = i;
                }
            }
            if (flowPath[f] < 0) {
                throw new IllegalArgumentException(workload + ": flow " + flows.get(f).id() + ": path tag "
                        + flowTag[f] + " is not among the routes' paths from " + fabric.topology.switches().get(s).id()
                        + " to " + fabric.topology.switches().get(d).id());
            }
        }
    }

    /** Picks one of the pair's paths (layer and tag) for packet f: its flow's own, or its host's path policy's. */
    void choose(int f) {
        Flits p = flits;
        int h = p.src(f);
        int s = fabric.hostSwitch[h];
        int d = p.dstSwitch(f);
        if (s == d) {
            p.layer(f, 0);
            p.tag(f, 0);
            return;
        }
        if (flowPath != null && p.flow(f) >= 0 && flowPath[p.flow(f)] >= 0) {
            p.layer(f, fabric.pairLayer(s, d, flowPath[p.flow(f)]));
            p.tag(f, fabric.pairTag(s, d, flowPath[p.flow(f)]));
            return;
        }
        int k = fabric.pathCount(s, d);
        int dest = fabric.hostSwitchOrdinal(d);
        if (k > 1 && multiPhase) {
            declarePathLinks(h, s, d, dest, k);
        }
        int i = k == 1 ? 0 : policies[h].choose(dest, k, p.packetBytes(f));
        p.layer(f, fabric.pairLayer(s, d, i));
        p.tag(f, fabric.pairTag(s, d, i));
    }

    /** Tells host h's Multi-Phase policy the channels of each path from switch s to d, once. */
    private void declarePathLinks(int h, int s, int d, int dest, int k) {
        if (declared[h] == null) {
            declared[h] = new boolean[fabric.hostSwitches()];
        }
        if (declared[h][dest]) {
            return;
        }
        declared[h][dest] = true;
        for (int i = 0; i < k; i++) {
            policies[h].setPathLinks(dest, i, engine.walk(s, d, fabric.pairLayer(s, d, i), fabric.pairTag(s, d, i),
                    fabric.hostPort[h]));
        }
    }
}
