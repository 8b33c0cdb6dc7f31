package weft.controller.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import weft.model.routing.RoutingResult;
import weft.model.sim.SimConfig;
import weft.model.sim.SimResult;
import weft.model.sim.SimulationException;
import weft.model.sim.Simulator;
import weft.model.sim.control.ControlResult;
import weft.model.sim.control.ControlRun;
import weft.model.sim.control.MessageSize;
import weft.model.sim.control.MessageTraffic;
import weft.model.sim.control.TcpCounters;
import weft.model.sim.io.ControlJson;
import weft.model.sim.io.SimJson;
import weft.model.tcp.TcpParameters;
import weft.model.topology.Topology;

/**
 * {@code weft sim --control none|ecn|crp}: seed 001's hosts on the simulator ({@link ControlRun}): messages of
 * {@code --message-packets} packets in one flow queue per destination, under no control, InfiniBand-style ECN or the
 * channel reservation protocol, on seed 001's patterns ({@link MessageTraffic#NAMES}) or any other; one row per
 * routing and load with the paper's figures (accepted rates of the pattern's sources in flits per cycle, in-network
 * latency in cycles, control overhead, CRP's requests and retry probability, ECN's notifications, losses), and with
 * {@code --json} a {@code weft-sim/1} file whose runs carry those figures as {@link ControlJson}. A cycle is one
 * 8-byte flit on a host link. {@code --control tcp} runs a TCP NewReno connection per host pair instead (accepted =
 * goodput; a cycle is one byte's time, since frames such as Ethernet's 1,522 B need not be whole 8-byte flits) and
 * prints each run's retransmissions and timeouts.
 */
final class ControlSim {
    private final ControlRun.Control control;
    private final String traffic;
    private final List<Double> loads;
    private final MessageSize size;
    private final String messagePackets;
    private final double tcpMinRtoUs;
    private final long tcpWindowBytes;

    /**
     * @throws CliFailure (usage) naming the option whose value is bad
     */
    ControlSim(String control, String traffic, String loads, String messagePackets, double tcpMinRtoUs,
               long tcpWindowBytes) {
        try {
            this.control = ControlRun.Control.parse(control);
            this.size = MessageSize.parse(messagePackets);
        } catch (IllegalArgumentException e) {
            throw new CliFailure((e.getMessage().startsWith("control") ? "--control: " : "--message-packets: ")
                    + e.getMessage(), CliFailure.USAGE);
        }
        this.traffic = traffic;
        this.messagePackets = messagePackets;
        if (!(tcpMinRtoUs > 0 && tcpMinRtoUs <= 60e6) || tcpWindowBytes < 1) {
            throw new CliFailure("--tcp-min-rto-us must be in (0, 60e6] and --tcp-window-bytes >= 1, got "
                    + tcpMinRtoUs + " and " + tcpWindowBytes, CliFailure.USAGE);
        }
        this.tcpMinRtoUs = tcpMinRtoUs;
        this.tcpWindowBytes = tcpWindowBytes;
        List<Double> values = new ArrayList<>();
        for (String l : loads.split(",")) {
            try {
                values.add(Double.parseDouble(l.trim()));
            } catch (NumberFormatException e) {
                throw new CliFailure("--load: '" + l.trim() + "' is not a number", CliFailure.USAGE);
            }
        }
        this.loads = List.copyOf(values);
    }

    /**
     * Runs every routing at every load and prints a row each; writes them to {@code json} as {@code weft-sim/1}
     * when it is given ({@code -}: standard output, instead of the table).
     *
     * @param fabric the document's {@code fabric} fields
     * @return {@link SimCommand#DEADLOCK} when a run deadlocked, else 0
     */
    int run(Topology t, Map<String, RoutingResult> routings, SimConfig base, PrintWriter stdout, Path json,
            Map<String, Object> fabric, boolean details) {
        SimConfig config = base.withClassPriorities(ControlRun.classPriorities(control));
        ControlRun.Options options = ControlRun.Options.paper();
        if (control == ControlRun.Control.TCP) {
            try {
                TcpParameters tcp = ControlRun.tcpDefaults(config.packetBytes(), Math.round(tcpMinRtoUs * 1e6))
                        .withReceiveWindowBytes(tcpWindowBytes);
                options = options.withFlitBytes(1).withBinCycles(1_000_000).withTcp(tcp);
            } catch (IllegalArgumentException e) {
                throw new CliFailure("--control tcp: " + e.getMessage(), CliFailure.USAGE);
            }
        }
        boolean toStdout = json != null && json.toString().equals("-");
        PrintWriter out = toStdout ? new PrintWriter(Writer.nullWriter()) : stdout;
        List<SimJson.Run> runs = new ArrayList<>();
        int vcs = 0;
        out.printf(Locale.ROOT, "control %s, traffic %s, messages of %s packets; %d hosts%n", control, traffic, size,
                t.hosts().size());
        out.printf(Locale.ROOT, "%-10s %5s %8s %8s %8s %8s %9s %8s %9s %8s %9s %8s %7s%n", "routing", "load",
                "offered", "accepted", "least", "std/mean", "latency", "lat.max", "overhead", "requests", "retry p.",
                "notified", "lost");
        boolean deadlocked = false;
        for (Map.Entry<String, RoutingResult> e : routings.entrySet()) {
            for (double load : loads) {
                ControlRun run;
                SimResult r;
                try {
                    run = new ControlRun(control, MessageTraffic.parse(traffic, load, size), options);
                    Simulator sim = new Simulator(t, e.getValue(), config);
                    vcs = sim.vcs();
                    r = sim.run(run.workload());
                } catch (IllegalArgumentException | SimulationException x) {
                    throw new CliFailure(e.getKey() + ": " + x.getMessage(), CliFailure.INPUT);
                }
                ControlResult c = run.result();
                out.printf(Locale.ROOT, "%-10s %5.2f %8.4f %8.4f %8.4f %8.3f %9.1f %8.0f %9.4f %8d %9.3f %8d %7d%s%n",
                        e.getKey(), load, c.offered(), c.accepted(), c.acceptedMin(), c.acceptedStd() / c.accepted(),
                        c.latencyMean(), c.latencyMax(), c.controlOverhead(), c.requests(), c.retryProbability(),
                        c.notifications(), c.lost(), r.deadlock() == null ? "" : "  DEADLOCK");
                deadlocked |= r.deadlock() != null;
                Map<String, Object> extra = new LinkedHashMap<>();
                extra.put("vcs", vcs);
                if (control == ControlRun.Control.TCP) {
                    TcpCounters k = run.tcpCounters();
                    out.printf(Locale.ROOT, "%-10s tcp: %d segments, %.2f%% retransmitted, %d timeouts%n", "",
                            k.segments(), 100 * k.retransmittedShare(), k.timeouts());
                    extra.put("tcp", Map.of("segments", k.segments(), "retransmitted", k.retransmitted(),
                            "timeouts", k.timeouts()));
                }
                extra.put("control", ControlJson.fields(control.name().toLowerCase(Locale.ROOT), traffic,
                        messagePackets, c));
                runs.add(new SimJson.Run(e.getKey(), r, extra));
            }
        }
        out.flush();
        if (json != null) {
            String text = SimJson.write(fabric, config, vcs, runs, details);
            TopologyFiles.write(json, stdout, w -> w.write(text));
        }
        return deadlocked ? SimCommand.DEADLOCK : 0;
    }
}
