package weft.agent.cli;

import io.netty.handler.ssl.SslContext;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.agent.WeftAgent;
import weft.agent.control.ControlTls;
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
    /** The environment variable holding the agent token when no {@code --token-file} is given. */
    static final String TOKEN_ENV = "WEFT_AGENT_TOKEN";

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
    @Option(names = "--token-file", description = "file holding the controller's agent token (default: the "
            + "environment variable " + TOKEN_ENV + "; never on the command line, where ps shows it)")
    File tokenFile;
    @Option(names = "--tls-ca", description = "PEM file of the CA that signed the controller's certificate (enables "
            + "TLS; the certificate must name the --controller host or address)")
    File tlsCa;
    @Option(names = "--tls-cert", description = "PEM certificate of this agent, for a controller that asks for one "
            + "(--agent-tls-ca)")
    File tlsCert;
    @Option(names = "--tls-key", description = "PKCS#8 PEM private key of --tls-cert")
    File tlsKey;
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
    @Option(names = "--sntp-server", description = "HOST[:PORT] of the SNTP server whose time the controller's CRP "
            + "slots follow (default: the port the controller names, on the controller's address)")
    String sntpServer;
    @Option(names = "--clock-drift-ppm", defaultValue = "100", description = "worst drift of this host's clock "
            + "against the controller's, parts per million (default ${DEFAULT-VALUE}); the clock is measured again "
            + "every second")
    long clockDriftPpm;
    @Option(names = "--tc-link-mbps", defaultValue = "1000", description = "link rate for the tc root class")
    long tcLinkMbps;

    /** The token from {@code --token-file} or {@value #TOKEN_ENV}. */
    private String token() throws IOException {
        if (tokenFile != null) {
            return Files.readString(tokenFile.toPath()).strip();
        }
        String env = System.getenv(TOKEN_ENV);
        if (env == null || env.isBlank()) {
            throw new IllegalArgumentException("--controller needs the agent token: --token-file FILE or the "
                    + "environment variable " + TOKEN_ENV);
        }
        return env.strip();
    }

    @Override
    public Integer call() throws Exception {
        DataPathConfig config = DataPathConfig.defaults(InetAddress.getByName(ip)).withPorts(dataPort, localPort)
                .withShaping(scheduler, bucketBytes, voqPackets, (long) (defaultMbps * 1e6))
                .withResequencing(!noReseq, lateMode, reseqInitialMicros * 1000);
        ControllerAddresses ctl = controller == null ? null : ControllerAddresses.parse(controller);
        if (tlsCa == null && tlsCert != null) {
            throw new IllegalArgumentException("--tls-cert needs --tls-ca (the CA of the controller's certificate)");
        }
        SslContext ssl = tlsCa == null ? null : ControlTls.client(tlsCa, tlsCert, tlsKey);
        TcShaper tc = tcDev == null ? null
                : new TcShaper(tcDev, tcLinkMbps * 1_000_000L, bucketBytes, TcShaper.CommandRunner.system(List.of()));
        if (tc != null) {
            System.err.println("tc probe on " + tcDev + ": " + tc.probe());
        }
        ControlMessage.Register register = new ControlMessage.Register(host, ip, mac, dataPort, attachment,
                ctl == null ? null : token());
        WeftAgent agent = new WeftAgent(config, ctl, ssl, register, tc)
                .clock(sntpServer == null ? null : AgentClockCommand.server(sntpServer), clockDriftPpm).start();
        if (!staticRates.isEmpty()) {
            List<PathSpec> paths = new ArrayList<>();
            for (int i = 0; i < tags.size(); i++) {
                paths.add(new PathSpec(i, tags.get(i), List.of()));
            }
            List<DestinationRate> rates = new ArrayList<>();
            for (Map.Entry<String, Double> r : staticRates.entrySet()) {
                // resolved here, on the command's thread: the data path takes addresses, never names
                String dst = InetAddress.getByName(r.getKey()).getHostAddress();
                rates.add(new DestinationRate(dst, dst, dataPort, (long) (r.getValue() * 1e6), policy, paths, 0));
            }
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
