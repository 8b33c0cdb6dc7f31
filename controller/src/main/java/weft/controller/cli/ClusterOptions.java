package weft.controller.cli;

import picocli.CommandLine.Option;
import weft.controller.ha.HaOptions;
import weft.controller.ha.Member;

/** The cluster options of {@code weft controller run} (a picocli mixin): {@code --ha} and its companions. */
final class ClusterOptions {
    @Option(names = "--ha", description = "run as one controller of a cluster coordinated by ZooKeeper: "
            + "zk://HOST:PORT[,HOST:PORT...]/PATH (every controller of the fabric names the same PATH); one is "
            + "master, the others standbys (see docs/failover.md)")
    String ha;

    @Option(names = "--node-id", description = "with --ha: this controller's id, unique in the cluster")
    String nodeId;

    @Option(names = "--ha-session-timeout", defaultValue = "4s", description = "with --ha: ZooKeeper session "
            + "timeout, how long a dead master keeps the leadership (default: ${DEFAULT-VALUE}; the server "
            + "bounds it to 2-20 ticks)")
    String haSessionTimeout;

    /**
     * The cluster options, or null without {@code --ha}.
     *
     * @param openflow     this controller's OpenFlow address, published to the cluster
     * @param agentsOrNull its agent registry address, or null
     * @param restOrNull   its REST address, or null
     * @throws CliFailure (usage) for a missing or stray option
     * @throws IllegalArgumentException naming the malformed value
     */
    HaOptions options(String openflow, String agentsOrNull, String restOrNull) {
        if (ha == null) {
            if (nodeId != null) {
                throw new CliFailure("--node-id needs --ha zk://HOST:PORT/PATH", CliFailure.USAGE);
            }
            return null;
        }
        if (nodeId == null) {
            throw new CliFailure("--ha needs --node-id ID (unique in the cluster)", CliFailure.USAGE);
        }
        return HaOptions.parse(ha, nodeId, Durations.parse("--ha-session-timeout", haSessionTimeout),
                new Member(nodeId, openflow, agentsOrNull, restOrNull));
    }
}
