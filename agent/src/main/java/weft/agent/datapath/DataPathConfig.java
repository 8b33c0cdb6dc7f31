package weft.agent.datapath;

import java.net.InetAddress;
import weft.model.host.reseq.HybridResequencer.LateMode;

/**
 * Settings of one agent's data path.
 *
 * @param address          the agent's IPv4 address: its identity and the address its UDP sockets bind to
 * @param dataPort         UDP port data arrives on (and the default destination port of peers)
 * @param localPort        loopback TCP port of the local API for applications
 * @param scheduler        {@code ps} (Periodic Selection, default) or {@code svc}
 * @param bucketDepthBytes token bucket depth per VOQ (default 2 x 1538 B)
 * @param voqPackets       VOQ capacity in packets
 * @param maxDestinations  VOQs (and senders tracked by the receiver)
 * @param resequence       whether the receiver resequences (off only to show what spraying does without it)
 * @param lateMode         late-packet rule of the resequencer
 * @param initialMaxDelayNanos the resequencer's starting age threshold
 * @param defaultRate      rate in bit/s of a VOQ the controller has not set yet (0 holds its data)
 */
public record DataPathConfig(InetAddress address, int dataPort, int localPort, String scheduler,
                             int bucketDepthBytes, int voqPackets, int maxDestinations, boolean resequence,
                             LateMode lateMode, long initialMaxDelayNanos, long defaultRate) {
    public DataPathConfig {
        if (!(address instanceof java.net.Inet4Address)) {
            throw new IllegalArgumentException("address must be IPv4, got " + address);
        }
        if (bucketDepthBytes < Injector.wireBytes(ShimHeader.MAX_PAYLOAD)) {
            throw new IllegalArgumentException("bucketDepthBytes must hold one full packet ("
                    + Injector.wireBytes(ShimHeader.MAX_PAYLOAD) + " B), got " + bucketDepthBytes);
        }
        if (voqPackets < 64) {
            throw new IllegalArgumentException("voqPackets must be >= 64, got " + voqPackets);
        }
    }

    /** Defaults for an agent at {@code address}. */
    public static DataPathConfig defaults(InetAddress address) {
        return new DataPathConfig(address, 7470, 7471, "ps", 2 * 1538, 512, 64, true, LateMode.DELIVER_LATE,
                10_000_000L, 0);
    }

    public DataPathConfig withResequencing(boolean on, LateMode mode, long initialMaxDelay) {
        return new DataPathConfig(address, dataPort, localPort, scheduler, bucketDepthBytes, voqPackets,
                maxDestinations, on, mode, initialMaxDelay, defaultRate);
    }

    public DataPathConfig withShaping(String schedulerName, int depthBytes, int packets, long defaultBitsPerSecond) {
        return new DataPathConfig(address, dataPort, localPort, schedulerName, depthBytes, packets, maxDestinations,
                resequence, lateMode, initialMaxDelayNanos, defaultBitsPerSecond);
    }

    public DataPathConfig withPorts(int data, int local) {
        return new DataPathConfig(address, data, local, scheduler, bucketDepthBytes, voqPackets, maxDestinations,
                resequence, lateMode, initialMaxDelayNanos, defaultRate);
    }
}
