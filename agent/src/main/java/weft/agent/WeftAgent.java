package weft.agent;

import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.agent.clock.ClockWatch;
import weft.agent.clock.SntpProbe;
import weft.agent.control.ControlClient;
import weft.agent.control.ControllerAddresses;
import weft.agent.datapath.AgentClock;
import weft.agent.datapath.DataPath;
import weft.agent.datapath.DataPathConfig;
import weft.agent.datapath.Transport;
import weft.agent.tc.TcShaper;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;

/**
 * One host agent: the data path on one event-loop thread, the control client on another, and optionally the
 * kernel (tc) mode that applies the same rates to the NIC for unmodified applications.
 */
public final class WeftAgent implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WeftAgent.class);

    private final Transport transport = Transport.best();
    private final EventLoopGroup dataGroup = transport.newGroup(1);
    private final EventLoopGroup controlGroup = transport.newGroup(1);
    private final DataPath dataPath;
    private final ControlClient control;
    private final TcShaper tc;
    private final AgentClock clock = new AgentClock();
    private InetSocketAddress sntpOrNull;
    private long driftPpm = 100;
    private ClockWatch clockWatch;

    /**
     * @param controllerOrNull controller address, or null to run on static rates only
     * @param tcOrNull         kernel-mode shaper, or null
     */
    public WeftAgent(DataPathConfig config, InetSocketAddress controllerOrNull, SslContext sslOrNull,
                     ControlMessage.Register register, TcShaper tcOrNull) {
        this(config, controllerOrNull == null ? null : new ControllerAddresses(List.of(controllerOrNull)), sslOrNull,
                register, tcOrNull);
    }

    /**
     * @param controllersOrNull every controller of the cluster (the agent follows the master), or null to run on
     *                          static rates only
     * @param tcOrNull          kernel-mode shaper, or null
     */
    public WeftAgent(DataPathConfig config, ControllerAddresses controllersOrNull, SslContext sslOrNull,
                     ControlMessage.Register register, TcShaper tcOrNull) {
        this.tc = tcOrNull;
        this.dataPath = new DataPath(config, transport, dataGroup);
        this.control = controllersOrNull == null ? null : new ControlClient(controlGroup, transport,
                controllersOrNull, sslOrNull, register, new RateSink(), 1000);
    }

    /**
     * How the agent measures its clock for CRP's slots: against {@code sntpServerOrNull} (else the SNTP port the
     * controller names, on the controller's address), assuming a worst drift of {@code clockDriftPpm}. Call before
     * {@link #start()}.
     */
    public WeftAgent clock(InetSocketAddress sntpServerOrNull, long clockDriftPpm) {
        if (clockDriftPpm < 0) {
            throw new IllegalArgumentException("--clock-drift-ppm " + clockDriftPpm + " is negative");
        }
        this.sntpOrNull = sntpServerOrNull;
        this.driftPpm = clockDriftPpm;
        return this;
    }

    public WeftAgent start() throws InterruptedException {
        dataPath.start();
        if (control != null) {
            dataPath.reservations().toController(control::send);
            control.start();
        }
        LOG.info("agent {} up: data {}:{}, local api 127.0.0.1:{}, transport {}",
                dataPath.config().address().getHostAddress(), dataPath.config().address().getHostAddress(),
                dataPath.config().dataPort(), dataPath.config().localPort(), transport.name());
        return this;
    }

    /** Applies rates as the controller would (static rates from the command line use this too). */
    public void applyRates(boolean replace, List<DestinationRate> rates) {
        dataPath.applyRates(replace, rates);
        if (tc != null) {
            try {
                tc.apply(rates);
            } catch (RuntimeException e) {
                LOG.warn("kernel mode: {}", e.getMessage());
            }
        }
    }

    public DataPath dataPath() {
        return dataPath;
    }

    /** Whether the agent's session with a controller is registered now (false when it runs without a controller). */
    public boolean registered() {
        return control != null && control.registered();
    }

    /**
     * CRP is on: measure the pacing clock against the SNTP server every second (8 exchanges, the least-delay one
     * kept) and hand each measurement to the data path.
     */
    private synchronized void watchClock(ControlMessage.Crp rules, InetSocketAddress controller) {
        InetSocketAddress server = sntpOrNull != null ? sntpOrNull : rules.sntpPort() == null ? null
                : new InetSocketAddress(controller.getHostString(), rules.sntpPort());
        if (server == null) {
            LOG.warn("the controller reserves (CRP) but serves no SNTP and no --sntp-server is given: reserved data "
                    + "waits for a clock measurement");
            return;
        }
        if (clockWatch == null) {
            clockWatch = new ClockWatch(new SntpProbe(Duration.ofSeconds(1), clock::nanoTime), 8,
                    Duration.ofSeconds(1), o -> dataPath.reservations().clockMeasured(o, driftPpm));
        }
        clockWatch.watch(server);
    }

    @Override
    public void close() {
        if (clockWatch != null) {
            clockWatch.close();
        }
        if (control != null) {
            control.close();
        }
        dataPath.close();
        if (tc != null) {
            tc.close();
        }
        controlGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        dataGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Routes the controller's rates to the data path and, in kernel mode, to tc. */
    private final class RateSink implements ControlClient.Rates {
        @Override
        public void apply(boolean replace, List<DestinationRate> rates) {
            applyRates(replace, rates);
        }

        @Override
        public java.util.concurrent.CompletableFuture<List<weft.model.protocol.VoqReport>> report() {
            return dataPath.report();
        }

        @Override
        public void reservations(ControlMessage.Crp rules, InetSocketAddress controller) {
            dataPath.reservations().rules(rules);
            watchClock(rules, controller);
        }

        @Override
        public void reservation(ControlMessage answer) {
            dataPath.reservations().answer(answer);
        }

        @Override
        public void sessionLost() {
            dataPath.reservations().sessionLost();
        }
    }
}
