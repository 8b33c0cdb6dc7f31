package weft.agent.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.PathSpec;

/** Rates {@code weft agent run} sets itself, without a controller: per destination, over the given path tags. */
final class StaticRateOptions {
    @Option(names = "--rate", description = "static rate IP=MBPS (repeatable), e.g. 10.0.0.2=50")
    Map<String, Double> rates = Map.of();
    @Option(names = "--tags", split = ",", description = "path tags (UDP source ports) for static rates")
    List<Integer> tags = List.of();
    @Option(names = "--policy", defaultValue = "sd",
            description = "path policy for static rates (default ${DEFAULT-VALUE})")
    String policy;

    /**
     * The static rates towards agents listening on {@code dataPort}; empty without {@code --rate}. Names are resolved
     * here, on the command's thread: the data path takes addresses, never names.
     */
    List<DestinationRate> rates(int dataPort) throws UnknownHostException {
        List<PathSpec> paths = new ArrayList<>();
        for (int i = 0; i < tags.size(); i++) {
            paths.add(new PathSpec(i, tags.get(i), List.of()));
        }
        List<DestinationRate> out = new ArrayList<>();
        for (Map.Entry<String, Double> r : rates.entrySet()) {
            String dst = InetAddress.getByName(r.getKey()).getHostAddress();
            out.add(new DestinationRate(dst, dst, dataPort, (long) (r.getValue() * 1e6), policy, paths, 0));
        }
        return out;
    }
}
