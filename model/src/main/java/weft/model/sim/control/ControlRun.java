package weft.model.sim.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.crp.CrpParameters;
import weft.model.crp.EgressPort;
import weft.model.sim.Nic;
import weft.model.sim.Protocol;
import weft.model.sim.SimConfig;
import weft.model.sim.SimNetwork;
import weft.model.sim.SimPacket;
import weft.model.sim.SwitchAgent;
import weft.model.sim.Workload;
import weft.model.tcp.TcpParameters;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * One run of seed 001's message traffic under a control scheme on the simulator: no control (the paper's baseline),
 * its InfiniBand-style ECN, CRP, or TCP NewReno end to end (seed 002 §3.1.5's TCP over Ethernet,
 * {@link TcpNic}). Configure the simulator with {@link #classPriorities} of the scheme, run
 * {@link #workload()}, then read {@link #result()}:
 * <pre>{@code
 * ControlRun run = new ControlRun(Control.CRP, MessageTraffic.parse("combined", 0.95, MessageSize.fixed(8)),
 *         ControlRun.Options.paper());
 * Simulator sim = new Simulator(topology, routes, config.withClassPriorities(ControlRun.classPriorities(Control.CRP)));
 * sim.run(run.workload());
 * ControlResult r = run.result();
 * }</pre>
 * A {@code ControlRun} serves one run.
 */
public final class ControlRun {
    /** The control schemes. */
    public enum Control {
        /** No congestion control (the paper's baseline network). */
        NONE,
        /** InfiniBand-style ECN as seed 001 configures it (§3, Table 1). */
        ECN,
        /** The channel reservation protocol (seed 001 §2). */
        CRP,
        /** TCP NewReno connections between the hosts (seed 002 §3.1.5; RFC 5681, 6582, 6298). */
        TCP;

        /**
         * Reads {@code none}, {@code ecn} or {@code crp}.
         *
         * @throws IllegalArgumentException naming the text
         */
        public static Control parse(String text) {
            for (Control c : values()) {
                if (c.name().equalsIgnoreCase(text == null ? "" : text.trim())) {
                    return c;
                }
            }
            throw new IllegalArgumentException("control '" + text + "': expected none, ecn, crp or tcp");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Knobs of a controlled run.
     *
     * @param flitBytes  one flit (the unit of tables, rates and the cycle)
     * @param binCycles  width of the foreground time-series bins
     * @param ecn        ECN's parameters
     * @param crp        CRP's parameters in cycles and flits ({@link CrpParameters#paper()}), scaled to the
     *                   simulator's picoseconds when the run starts; null for the paper's
     * @param reserved   CRP: the switch output ports whose channels keep reservation tables, as {@code SWITCH:PORT};
     *                   empty for every inter-cluster link (both directions of every link between two switches with
     *                   hosts, seed 001 §3: "only destinations and inter-cluster channels participate")
     * @param tcp        TCP's parameters; null for {@link #tcpDefaults} of the run's packet size
     */
    public record Options(int flitBytes, long binCycles, EcnParameters ecn, CrpParameters crp, List<String> reserved,
                          TcpParameters tcp) {
        public Options {
            reserved = List.copyOf(reserved);
            if (flitBytes < 1 || binCycles < 1 || ecn == null) {
                throw new IllegalArgumentException("control options: flit bytes and bin cycles >= 1, ECN parameters");
            }
        }

        /** Seed 001's: 8-byte flits, Table 1's ECN and CRP, inter-cluster channels reserved, 1,000-cycle bins. */
        public static Options paper() {
            return new Options(8, 1000, EcnParameters.paper(), null, List.of(), null);
        }

        public Options withBinCycles(long cycles) {
            return new Options(flitBytes, cycles, ecn, crp, reserved, tcp);
        }

        public Options withCrp(CrpParameters p) {
            return new Options(flitBytes, binCycles, ecn, p, reserved, tcp);
        }

        public Options withEcn(EcnParameters p) {
            return new Options(flitBytes, binCycles, p, crp, reserved, tcp);
        }

        public Options withReserved(List<String> ports) {
            return new Options(flitBytes, binCycles, ecn, crp, ports, tcp);
        }

        /** Another flit (the unit of the figures; packets must be a whole number of flits). */
        public Options withFlitBytes(int bytes) {
            return new Options(bytes, binCycles, ecn, crp, reserved, tcp);
        }

        public Options withTcp(TcpParameters p) {
            return new Options(flitBytes, binCycles, ecn, crp, reserved, p);
        }
    }

    /** Bytes of a data packet that are not TCP payload: Ethernet with an 802.1Q tag (22 B), IPv4 and TCP (20 B). */
    public static final int TCP_HEADER_BYTES = 62;

    /** A TCP acknowledgement's frame: the 64-byte Ethernet minimum. */
    public static final int TCP_ACK_BYTES = 64;

    /** Weft's default minimum retransmission timeout: 1 ms (data-centre stacks lower Linux's 200 ms). */
    public static final long TCP_MIN_RTO_PS = 1_000_000_000L;

    /**
     * TCP's parameters for packets of {@code packetBytes} unless the options give them: an MSS of the packet less
     * {@link #TCP_HEADER_BYTES} (1,460 B in a 1,522 B frame), a 65,535 B receive window (no window scaling),
     * a minimum and initial retransmission timeout of {@code minRtoPs} and RFC 6298's 60 s maximum.
     *
     * @throws IllegalArgumentException when the packets cannot carry the headers
     */
    public static TcpParameters tcpDefaults(int packetBytes, long minRtoPs) {
        if (packetBytes <= TCP_HEADER_BYTES) {
            throw new IllegalArgumentException("tcp: packets of " + packetBytes + " B cannot carry the "
                    + TCP_HEADER_BYTES + " B of Ethernet, IP and TCP headers");
        }
        return TcpParameters.rfc(packetBytes - TCP_HEADER_BYTES).withMinRtoPs(minRtoPs);
    }

    private final Control control;
    private final MessageTraffic traffic;
    private final Options options;
    private ControlStats stats;
    private CrpScheme crp;
    private final List<CrpNic> crpNics = new ArrayList<>();
    private final TcpCounters tcpCounters = new TcpCounters();

    public ControlRun(Control control, MessageTraffic traffic, Options options) {
        if (control == null || traffic == null || options == null) {
            throw new IllegalArgumentException("control run: scheme, traffic and options are required");
        }
        this.control = control;
        this.traffic = traffic;
        this.options = options;
    }

    /** The traffic classes a scheme needs ({@link SimConfig#withClassPriorities}). */
    public static List<Integer> classPriorities(Control control) {
        return switch (control) {
            case NONE -> List.of();
            case ECN -> EcnScheme.PRIORITIES;
            case CRP -> CrpScheme.PRIORITIES;
            case TCP -> List.of();
        };
    }

    /** The workload: every host a NIC of the scheme, the switches its agent. */
    public Workload.Driven workload() {
        return new Workload.Driven(control + ":" + traffic.pattern(), this::start);
    }

    private Protocol start(SimNetwork net) {
        if (stats != null) {
            throw new IllegalStateException("a ControlRun serves one run");
        }
        SimConfig config = net.config();
        if (!config.classPriorities().equals(classPriorities(control))) {
            throw new IllegalArgumentException(control + " needs traffic classes " + classPriorities(control)
                    + " (SimConfig.withClassPriorities(ControlRun.classPriorities(...))), the simulator has "
                    + config.classPriorities());
        }
        long cyclePs = net.serializationPs(net.hostUpChannel(0), options.flitBytes());
        ControlSetup setup = new ControlSetup(net, traffic, options.flitBytes(), config.packetBytes(), cyclePs,
                config.sourceQueuePackets());
        List<MessageTraffic.HostPlan> plans = traffic.plans(net, config.seed());
        boolean[] participates = new boolean[net.hosts()];
        for (int h = 0; h < participates.length; h++) {
            participates[h] = plans.get(h).measured();
        }
        stats = new ControlStats(config.warmupPs(), config.warmupPs() + config.durationPs(), cyclePs,
                options.flitBytes(), options.binCycles() * cyclePs, participates);
        SwitchAgent agent;
        switch (control) {
            case CRP -> {
                CrpParameters p = options.crp() == null ? CrpScheme.parameters(cyclePs, setup.packetFlits())
                        : CrpScheme.inPicoseconds(options.crp(), cyclePs);
                crp = new CrpScheme(setup, p, stats, reserved(net));
                agent = crp.switches();
            }
            case ECN -> agent = EcnScheme.switches(options.ecn(), stats);
            default -> agent = new SwitchAgent() {
                @Override
                public void dropped(SimPacket p, int sw, boolean expired, long nowPs) {
                    stats.dropped(p.control(), false, false, nowPs);
                }
            };
        }
        boolean lossy = config.flowControl() == SimConfig.FlowControlKind.LOSSY;
        TcpParameters tcp = control != Control.TCP ? null : options.tcp() != null ? options.tcp()
                : tcpDefaults(config.packetBytes(), TCP_MIN_RTO_PS);
        if (tcp != null && tcp.mssBytes() + TCP_HEADER_BYTES > config.packetBytes()) {
            throw new IllegalArgumentException("tcp: an MSS of " + tcp.mssBytes() + " B and " + TCP_HEADER_BYTES
                    + " B of headers do not fit packets of " + config.packetBytes() + " B");
        }
        return new Protocol() {
            @Override
            public Nic nic(int host, long seed) {
                MessageTraffic.HostPlan plan = plans.get(host);
                return switch (control) {
                    case NONE -> new PlainNic(host, setup, stats, plan, seed, 0);
                    case ECN -> new EcnNic(host, setup, stats, plan, seed, options.ecn());
                    case CRP -> {
                        CrpNic n = new CrpNic(host, crp, plan, seed, lossy);
                        crpNics.add(n);
                        yield n;
                    }
                    case TCP -> new TcpNic(host, setup, stats, plan, seed, tcp, 0, tcpCounters);
                };
            }

            @Override
            public SwitchAgent switches() {
                return agent;
            }
        };
    }

    /** The reserved channels: the options' ports, or every inter-cluster link's two directions. */
    private int[] reserved(SimNetwork net) {
        Topology t = net.topology();
        SwitchGraph g = t.graph();
        List<Integer> out = new ArrayList<>();
        if (options.reserved().isEmpty()) {
            for (int c = 0; c < g.channelCount(); c++) {
                if (g.hostsAt(g.src(c)).length > 0 && g.hostsAt(g.dst(c)).length > 0) {
                    out.add(c);
                }
            }
        } else {
            for (String text : options.reserved()) {
                EgressPort p = EgressPort.parse(text);
                int u = t.switchIndex(p.switchId());
                int c = u < 0 ? -1 : g.channelAtPort(u, p.port());
                if (c < 0) {
                    throw new IllegalArgumentException("reserved port " + text + ": no switch link leaves "
                            + p.switchId() + " through port " + p.port());
                }
                out.add(c);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The figures of the run.
     *
     * @throws IllegalStateException before the run
     */
    public ControlResult result() {
        if (stats == null) {
            throw new IllegalStateException("control run: not run yet");
        }
        return stats.result();
    }

    /** Each host's accepted foreground rate, NaN for hosts that do not take part (after the run). */
    public double[] acceptedByHost() {
        if (stats == null) {
            throw new IllegalStateException("control run: not run yet");
        }
        return stats.acceptedByHost();
    }

    /**
     * CRP's resources after the run: the reserved channels' nodes, then every host's ejection node; empty for the
     * other schemes.
     */
    List<weft.model.crp.ResourceNode> resourceNodes() {
        List<weft.model.crp.ResourceNode> out = new ArrayList<>();
        if (crp != null) {
            out.addAll(crp.channelNodes());
            crpNics.forEach(n -> out.add(n.ejection()));
        }
        return out;
    }

    /** What the TCP hosts did (all zero for the other schemes). */
    public TcpCounters tcpCounters() {
        return tcpCounters;
    }

    /** The scheme. */
    public Control control() {
        return control;
    }

    /** The traffic. */
    public MessageTraffic traffic() {
        return traffic;
    }
}
