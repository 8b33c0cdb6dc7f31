package weft.agent.cli;

import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.agent.WeftAgent;
import weft.agent.control.ControllerAddresses;
import weft.agent.datapath.DataPathConfig;
import weft.agent.tc.TcShaper;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;

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
    @Mixin
    DataPathOptions dataPath = new DataPathOptions();
    @Mixin
    ControllerLinkOptions link = new ControllerLinkOptions();
    @Mixin
    StaticRateOptions staticRates = new StaticRateOptions();
    @Option(names = "--sntp-server", description = "HOST[:PORT] of the SNTP server whose time the controller's CRP "
            + "slots follow (default: the port the controller names, on the controller's address)")
    String sntpServer;
    @Option(names = "--clock-drift-ppm", defaultValue = "100", description = "worst drift of this host's clock "
            + "against the controller's, parts per million (default ${DEFAULT-VALUE}); the clock is measured again "
            + "every second")
    long clockDriftPpm;

    @Override
    public Integer call() throws Exception {
        DataPathConfig config = dataPath.config(InetAddress.getByName(ip));
        ControllerAddresses ctl = link.addresses();
        SslContext ssl = link.ssl();
        TcShaper tc = dataPath.tc();
        if (tc != null) {
            System.err.println("tc probe on " + dataPath.tcDev + ": " + tc.probe());
        }
        ControlMessage.Register register = new ControlMessage.Register(host, ip, mac, dataPath.dataPort, attachment,
                link.token());
        WeftAgent agent = new WeftAgent(config, ctl, ssl, register, tc)
                .clock(sntpServer == null ? null : AgentClockCommand.server(sntpServer), clockDriftPpm).start();
        List<DestinationRate> rates = staticRates.rates(dataPath.dataPort);
        if (!rates.isEmpty()) {
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
