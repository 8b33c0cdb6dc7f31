package weft.agent.cli;

import java.net.InetAddress;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.agent.datapath.DataPathConfig;
import weft.agent.tc.TcShaper;
import weft.model.host.reseq.HybridResequencer.LateMode;

/**
 * The data path of {@code weft agent run}: its ports, the VOQs' shaping, the resequencer, and the kernel mode that
 * shapes a device with tc at the same rates.
 */
final class DataPathOptions {
    @Option(names = "--data-port", defaultValue = "7470", description = "UDP data port (default ${DEFAULT-VALUE})")
    int dataPort;
    @Mixin
    LocalApiOption local = new LocalApiOption();
    @Option(names = "--scheduler", defaultValue = "ps",
            description = "ps (Periodic Selection) or svc (Shaped Virtual Clock) (default ${DEFAULT-VALUE})")
    String scheduler;
    @Mixin
    TokenBucketOption bucket = new TokenBucketOption();
    @Option(names = "--voq-packets", defaultValue = "512",
            description = "VOQ capacity in packets (default ${DEFAULT-VALUE})")
    int voqPackets;
    @Option(names = "--default-mbps", defaultValue = "0",
            description = "rate of a VOQ without a controller rate (default ${DEFAULT-VALUE}: it holds its data)")
    double defaultMbps;
    @Option(names = "--no-reseq", description = "deliver in arrival order (to show what spraying does)")
    boolean noReseq;
    @Option(names = "--late-mode", defaultValue = "DELIVER_LATE",
            description = "resequencer: FAITHFUL or DELIVER_LATE (default ${DEFAULT-VALUE})")
    LateMode lateMode;
    @Option(names = "--reseq-initial-us", defaultValue = "10000",
            description = "initial resequencer age threshold, microseconds (default ${DEFAULT-VALUE})")
    long reseqInitialMicros;
    @Option(names = "--tc-dev", description = "kernel mode: shape this device with tc HTB at the same rates")
    String tcDev;
    @Option(names = "--tc-link-mbps", defaultValue = "1000",
            description = "link rate for the tc root class (default ${DEFAULT-VALUE})")
    long tcLinkMbps;

    /** The data path of an agent whose data address is {@code ip}. */
    DataPathConfig config(InetAddress ip) {
        return DataPathConfig.defaults(ip).withPorts(dataPort, local.port)
                .withShaping(scheduler, bucket.bytes(), voqPackets, (long) (defaultMbps * 1e6))
                .withResequencing(!noReseq, lateMode, reseqInitialMicros * 1000);
    }

    /** The tc shaper of {@code --tc-dev}, or null without it. */
    TcShaper tc() {
        return tcDev == null ? null : new TcShaper(tcDev, tcLinkMbps * 1_000_000L, bucket.bytes(),
                TcShaper.CommandRunner.system(List.of()));
    }
}
