package weft.agent.cli;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.agent.WeftAgent;
import weft.agent.control.ControllerAddresses;
import weft.agent.datapath.DataPathConfig;
import weft.agent.tc.TcShaper;
import weft.model.host.reseq.HybridResequencer.LateMode;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.PathSpec;

/** {@code weft agent run}: starts one host agent and runs until stopped (SIGTERM or SIGINT). */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run a host agent until stopped.")
public final class AgentRunCommand implements Callable<Integer> {
    @Option(names = "--host", required = true, description = "host id, e.g. h1")
    String host;
    @Option(names = "--ip", required = true, description = "IPv4 address of this host's data path")
    String ip;
    @Option(names = "--mac", description = "MAC address to register")
    String mac;
    @Option(names = "--attachment", description = "switch:port this host hangs off, if known")
    String attachment;
    @Option(names = "--data-port", defaultValue = "7470", description = "UDP data port (default ${DEFAULT-VALUE})")
    int dataPort;
    @Option(names = "--local-port", defaultValue = "7471",
            description = "loopback TCP port of the local API (default ${DEFAULT-VALUE})")
    int localPort;
    @Option(names = "--controller", description = "controller agent-link address host:port; with an HA cluster "
            + "every controller's, comma-separated (the agent follows the master)")
    String controller;
    @Option(names = "--token", defaultValue = "${env:WEFT_TOKEN}", description = "shared token (or $WEFT_TOKEN)")
    String token;
    @Option(names = "--tls-ca",
            description = "PEM file of the CA that signed the controller's certificate (enables TLS)")
    File tlsCa;
    @Option(names = "--scheduler", defaultValue = "ps", description = "ps (Periodic Selection) or svc")
    String scheduler;
    @Option(names = "--bucket-bytes", defaultValue = "3076", description = "token bucket depth per VOQ")
    int bucketBytes;
    @Option(names = "--voq-packets", defaultValue = "512", description = "VOQ capacity in packets")
    int voqPackets;
    @Option(names = "--no-reseq", description = "deliver in arrival order (to show what spraying does)")
    boolean noReseq;
    @Option(names = "--late-mode", defaultValue = "DELIVER_LATE", description = "FAITHFUL or DELIVER_LATE")
    LateMode lateMode;
    @Option(names = "--reseq-initial-us", defaultValue = "10000", description = "initial resequencer age threshold")
    long reseqInitialMicros;
    @Option(names = "--default-mbps", defaultValue = "0", description = "rate of a VOQ without a controller rate")
    double defaultMbps;
    @Option(names = "--rate", description = "static rate IP=MBPS (repeatable), e.g. 10.0.0.2=50")
    Map<String, Double> staticRates = Map.of();
    @Option(names = "--tags", split = ",", description = "path tags (UDP source ports) for static rates")
    List<Integer> tags = List.of();
    @Option(names = "--policy", defaultValue = "sd", description = "path policy for static rates")
    String policy;
    @Option(names = "--tc-dev", description = "kernel mode: shape this device with tc HTB at the same rates")
    String tcDev;
    @Option(names = "--tc-link-mbps", defaultValue = "1000", description = "link rate for the tc root class")
    long tcLinkMbps;

    @Override
    public Integer call() throws Exception {
        DataPathConfig config = DataPathConfig.defaults(InetAddress.getByName(ip)).withPorts(dataPort, localPort)
                .withShaping(scheduler, bucketBytes, voqPackets, (long) (defaultMbps * 1e6))
                .withResequencing(!noReseq, lateMode, reseqInitialMicros * 1000);
        ControllerAddresses ctl = controller == null ? null : ControllerAddresses.parse(controller);
        SslContext ssl = tlsCa == null ? null : SslContextBuilder.forClient().trustManager(tlsCa).build();
        TcShaper tc = tcDev == null ? null
                : new TcShaper(tcDev, tcLinkMbps * 1_000_000L, bucketBytes, TcShaper.CommandRunner.system(List.of()));
        if (tc != null) {
            System.err.println("tc probe on " + tcDev + ": " + tc.probe());
        }
        ControlMessage.Register register = new ControlMessage.Register(host, ip, mac, dataPort, attachment, token);
        WeftAgent agent = new WeftAgent(config, ctl, ssl, register, tc).start();
        if (!staticRates.isEmpty()) {
            List<PathSpec> paths = new ArrayList<>();
            for (int i = 0; i < tags.size(); i++) {
                paths.add(new PathSpec(i, tags.get(i), List.of()));
            }
            List<DestinationRate> rates = new ArrayList<>();
            staticRates.forEach((dst, mbps) -> rates.add(new DestinationRate(dst, dst, dataPort,
                    (long) (mbps * 1e6), policy, paths, 0)));
            agent.applyRates(false, rates);
        }
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            agent.close();
            stop.countDown();
        }, "weft-agent-shutdown"));
        System.out.println("agent " + host + " ready");
        System.out.flush();
        stop.await();
        return 0;
    }
}
