package weft.cli.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4Address;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.controller.openflow.OfServer;
import weft.controller.openflow.SessionConfig;
import weft.controller.openflow.SwitchListener;
import weft.controller.openflow.SwitchSession;
import weft.controller.openflow.TransactionResult;
import weft.controller.program.FabricProgram;
import weft.controller.program.FlowClass;
import weft.controller.program.FlowMods13;
import weft.controller.program.ProgramDiff;
import weft.controller.program.RouteCompiler;
import weft.controller.program.SwitchProgram;
import weft.lab.LabConfig;
import weft.lab.OvsLab;
import weft.lab.Shell;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.Torus;

/**
 * {@code weft bench program}: how long Weft takes to program a whole fabric on real OVS, each switch one
 * barrier-confirmed transaction, all switches at once, and the flow-mods per second that rate gives; next to it,
 * in the same run and on the same bridges, the ceiling: {@code ovs-ofctl --bundle add-flows} (plus
 * {@code add-groups}) of exactly the same entries, one process per bridge, all at once. Median of {@code --runs}.
 */
@Command(name = "program", mixinStandardHelpOptions = true,
        description = "Time to program a fabric over OpenFlow (barrier-confirmed) vs ovs-ofctl --bundle add-flows.")
public final class ProgramBenchCommand implements Callable<Integer> {
    @Option(names = "--fabrics", split = ",", defaultValue = "torus-4x4,tree-4-2,single-20000",
            description = "torus-WxH, tree-K-N (k-ary n-tree), single-N (one bridge, N entries) "
                    + "(default: ${DEFAULT-VALUE})")
    List<String> fabrics;

    @Option(names = "--engine", defaultValue = "updown", description = "routing engine for the fabrics "
            + "(default: ${DEFAULT-VALUE})")
    String engine;

    @Option(names = "--runs", defaultValue = "3", description = "runs per side, median reported (default: "
            + "${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--name", defaultValue = "wbench", description = "lab name (default: ${DEFAULT-VALUE})")
    String name;

    /** One row of the table. */
    record Row(String fabric, int switches, int messages, double weftMs, double ofctlMs) {
        double weftRate() {
            return messages / (weftMs / 1000);
        }

        double ofctlRate() {
            return messages / (ofctlMs / 1000);
        }
    }

    @Override
    public Integer call() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (String f : fabrics) {
            rows.add(run(f));
        }
        System.out.printf("%-16s %8s %9s %12s %12s %12s %12s %7s%n", "fabric", "switches", "messages",
                "weft ms", "weft mod/s", "ofctl ms", "ofctl mod/s", "ratio");
        for (Row r : rows) {
            System.out.printf("%-16s %8d %9d %12.1f %12.0f %12.1f %12.0f %6.0f%%%n", r.fabric(), r.switches(),
                    r.messages(), r.weftMs(), r.weftRate(), r.ofctlMs(), r.ofctlRate(),
                    100 * r.weftRate() / r.ofctlRate());
        }
        return 0;
    }

    private Row run(String fabric) throws Exception {
        Topology t;
        FabricProgram program;
        if (fabric.startsWith("single-")) {
            int n = Integer.parseInt(fabric.substring(7));
            t = new Topology(fabric, List.of(new Switch("s1", 1, 1)), List.of(), List.of());
            program = new FabricProgram("synthetic", false, List.of(new SwitchProgram("s1", 1, List.of(),
                    synthetic(n))));
        } else {
            t = fabric(fabric);
            RoutingResult r = RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults());
            program = RouteCompiler.compile(t, r, RouteCompiler.Options.defaults());
        }
        OvsLab.down(name);
        Map<Long, SwitchSession> ready = new ConcurrentHashMap<>();
        try (OfServer server = OfServer.plain(new InetSocketAddress("127.0.0.1", 0), SessionConfig.defaults(),
                new SwitchListener() {
                    @Override
                    public void switchReady(SwitchSession s) {
                        ready.put(s.dpid(), s);
                    }

                    @Override
                    public void switchDisconnected(SwitchSession s) {
                        ready.remove(s.dpid(), s);
                    }
                });
             OvsLab lab = OvsLab.up(new LabConfig(name, t, server.port(), 0))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (ready.size() < t.switches().size() && System.nanoTime() - deadline < 0) {
                Thread.sleep(20);
            }
            if (ready.size() < t.switches().size()) {
                throw new IllegalStateException(fabric + ": only " + ready.size() + " of " + t.switches().size()
                        + " switches connected");
            }
            List<Path> flowFiles = new ArrayList<>();
            List<Path> groupFiles = new ArrayList<>();
            Path dir = Files.createTempDirectory("weft-bench");
            int messages = 0;
            for (int i = 0; i < t.switches().size(); i++) {
                SwitchProgram sp = program.switches().get(i);
                messages += sp.flows().size() + sp.groups().size();
                flowFiles.add(Files.write(dir.resolve("flows-" + i), sp.flows().stream().map(OfctlText::flow)
                        .toList()));
                groupFiles.add(Files.write(dir.resolve("groups-" + i), sp.groups().stream()
                        .map(OfctlText::group).toList()));
            }
            double[] weft = new double[runs];
            double[] ofctl = new double[runs];
            for (int k = 0; k < runs; k++) {
                clear(lab, t);
                weft[k] = weft(lab, t, program, ready);
                checkInstalled(lab, t, program);
                clear(lab, t);
                ofctl[k] = ofctl(lab, t, flowFiles, groupFiles);
                checkInstalled(lab, t, program);
            }
            return new Row(fabric, t.switches().size(), messages, median(weft), median(ofctl));
        }
    }

    private static Topology fabric(String spec) {
        GeneratorOptions one = GeneratorOptions.defaults().withHosts(1);
        if (spec.startsWith("torus-")) {
            String[] d = spec.substring(6).split("x");
            return Torus.generate(Arrays.stream(d).map(Integer::valueOf).toList(), one);
        }
        if (spec.startsWith("tree-")) {
            String[] d = spec.substring(5).split("-");
            return KaryNTree.generate(Integer.parseInt(d[0]), Integer.parseInt(d[1]), GeneratorOptions.defaults());
        }
        throw new IllegalArgumentException("--fabrics: unknown fabric '" + spec + "'; expected torus-WxH, "
                + "tree-K-N or single-N");
    }

    private static List<OFFlowAdd> synthetic(int n) {
        List<OFFlowAdd> flows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            flows.add(FlowMods13.flow(FlowClass.FORWARD, 0, FlowMods13.F.buildMatch()
                    .setExact(MatchField.ETH_TYPE, EthType.IPv4)
                    .setExact(MatchField.IPV4_DST, IPv4Address.of(0x0a000000 | i)).build(),
                    List.of(FlowMods13.output(1))));
        }
        return flows;
    }

    /** All switches at once, each one transaction; milliseconds until the last barrier reply. */
    private static double weft(OvsLab lab, Topology t, FabricProgram program, Map<Long, SwitchSession> ready) {
        long t0 = System.nanoTime();
        List<CompletableFuture<TransactionResult>> txs = new ArrayList<>();
        for (int i = 0; i < t.switches().size(); i++) {
            SwitchProgram sp = program.switches().get(i);
            ProgramDiff d = ProgramDiff.initial(sp);
            List<OFMessage> all = new ArrayList<>(d.first());
            all.addAll(d.last());
            txs.add(ready.get(lab.topology().switches().get(i).dpid()).transaction(all));
        }
        for (CompletableFuture<TransactionResult> f : txs) {
            TransactionResult r = f.join();
            if (!r.ok()) {
                throw new IllegalStateException("switch " + r.dpid() + " reported errors: " + r.errors().get(0));
            }
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    /** One ovs-ofctl process per bridge (groups, then the flows as one bundle), all at once. */
    private static double ofctl(OvsLab lab, Topology t, List<Path> flows, List<Path> groups) throws Exception {
        long t0 = System.nanoTime();
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < t.switches().size(); i++) {
            String br = lab.bridgeOf(t.switches().get(i).id());
            ps.add(new ProcessBuilder("sh", "-c", "ovs-ofctl -O OpenFlow13 add-groups " + br + " " + groups.get(i)
                    + " && ovs-ofctl -O OpenFlow13 --bundle add-flows " + br + " " + flows.get(i))
                    .redirectErrorStream(true).start());
        }
        for (Process p : ps) {
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("ovs-ofctl failed: " + new String(p.getInputStream()
                        .readAllBytes()));
            }
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    private static void clear(OvsLab lab, Topology t) {
        for (Switch s : t.switches()) {
            Shell.check("ovs-ofctl", "-O", "OpenFlow13", "del-flows", lab.bridgeOf(s.id()));
            Shell.check("ovs-ofctl", "-O", "OpenFlow13", "del-groups", lab.bridgeOf(s.id()));
        }
    }

    private static void checkInstalled(OvsLab lab, Topology t, FabricProgram program) throws IOException {
        for (int i = 0; i < t.switches().size(); i++) {
            String out = Shell.check("ovs-ofctl", "-O", "OpenFlow13", "--no-stats", "dump-flows",
                    lab.bridgeOf(t.switches().get(i).id())).stdout();
            long n = out.lines().filter(l -> l.contains("cookie=")).count();
            if (n != program.switches().get(i).flows().size()) {
                throw new IllegalStateException(t.switches().get(i).id() + ": " + n + " entries installed, "
                        + program.switches().get(i).flows().size() + " expected");
            }
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
