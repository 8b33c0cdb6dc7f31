package weft.lab;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.cli.WeftMain;
import weft.controller.cli.CliFailure;
import weft.controller.cli.FabricOptions;
import weft.controller.cli.TopologyFiles;
import weft.controller.fabric.WeftController;
import weft.controller.program.RouteCompiler;
import weft.model.topology.Host;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;
import weft.controller.cli.CommandGroup;

/** {@code weft lab}: build a fabric on this machine's Open vSwitch, run the controller on it, check it. */
@Command(name = "lab", mixinStandardHelpOptions = true,
        description = "Run a Weft fabric on Open vSwitch userspace bridges and network namespaces (root).",
        subcommands = {LabCommand.Up.class, LabCommand.Down.class, LabCommand.Run.class,
            CommandLine.HelpCommand.class})
public final class LabCommand extends CommandGroup {
    /** Options shared by {@code up} and {@code run}. */
    static class LabOptions {
        @Option(names = "--topo", required = true, description = "weft-topology/1 file: the lab built (with "
                + "--discover the controller is not given it)")
        File topo;

        @CommandLine.Mixin
        FabricOptions fabric = new FabricOptions();

        @Option(names = "--port", defaultValue = "6653", description = "controller TCP port on 127.0.0.1 "
                + "(default: ${DEFAULT-VALUE})")
        int port;

        @Option(names = "--mbit-per-gbps", defaultValue = "0", description = "emulate link rates with tc HTB: "
                + "Mbit/s per topology Gbit/s (0 = off)")
        double mbitPerGbps;

        LabConfig config(String name) {
            Topology t = TopologyFiles.read(topo.toPath());
            try {
                fabric.check();
                fabric.pairRates(t);
            } catch (CliFailure e) {
                throw new LabException(e.getMessage());
            }
            return new LabConfig(name, t, port, mbitPerGbps);
        }

        /** Starts the controller for the lab's planned topology, before its bridges exist. */
        WeftController startController(LabConfig lab) {
            Topology known = fabric.discover() ? new Topology("", List.of(), List.of(), List.of())
                    : OvsLab.plannedTopology(lab);
            return fabric.start(fabric.config(known, RouteCompiler.Options.defaults(),
                    new InetSocketAddress("127.0.0.1", port), null), fabric.pairRates(lab.topology()), null, null,
                    null);
        }
    }

    /**
     * Discover mode: once routes exist, every host sends one ARP for an address nobody has (TEST-NET-1), which
     * reaches the controller through the table-miss entry, until its switch holds Weft's LOCAL entries for it.
     *
     * @throws LabException when a host is not routed within the timeout or {@code alive} turns false
     */
    static void announceHosts(OvsLab lab, java.util.function.BooleanSupplier alive, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Host h : lab.topology().hosts()) {
            while (!Shell.run(Duration.ofSeconds(10), null, "ovs-ofctl", "-O", "OpenFlow13", "dump-flows",
                    lab.bridgeOf(h.switchId()), "cookie=0x5745465400000001/-1,arp,arp_tpa=" + h.ip()).stdout()
                    .contains("arp_tpa=" + h.ip())) {
                if (!alive.getAsBoolean() || System.nanoTime() - deadline > 0) {
                    throw new LabException("lab " + lab.name() + ": host " + h.id() + " (" + h.ip() + ") not "
                            + "routed by the discovering controller " + (alive.getAsBoolean() ? "after " + timeout
                            : "(controller exited)"));
                }
                lab.exec(h.id(), Duration.ofSeconds(5), "ping", "-c", "1", "-W", "1", "192.0.2.1");
            }
        }
    }

    static void printHosts(OvsLab lab) {
        System.out.printf("%-8s %-12s %-16s %-18s %s%n", "host", "namespace", "ip", "mac", "switch:port");
        for (Host h : lab.topology().hosts()) {
            System.out.printf("%-8s %-12s %-16s %-18s %s:%d%n", h.id(), lab.namespaceOf(h.id()), h.ip(), h.mac(),
                    h.switchId(), h.port());
        }
        System.out.println("try: ip netns exec " + lab.namespaceOf(lab.topology().hosts().get(0).id())
                + " ping " + lab.topology().hosts().get(lab.topology().hosts().size() - 1).ip());
    }

    /** {@code weft lab up}. */
    @Command(name = "up", mixinStandardHelpOptions = true,
            description = "Build the fabric and start the controller; leave both running (weft lab down removes "
                    + "them).")
    static final class Up implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        LabOptions options = new LabOptions();

        @Option(names = "--name", defaultValue = "weft", description = "lab name, 1-6 of [a-z0-9] (default: "
                + "${DEFAULT-VALUE})")
        String name;

        @CommandLine.Mixin
        LabServices services = new LabServices();

        @Option(names = "--foreground", description = "run the controller in this process until Ctrl-C, then "
                + "tear down")
        boolean foreground;

        @Override
        public Integer call() throws Exception {
            services.check(spec.commandLine(), foreground);
            OvsLab lab = OvsLab.up(options.config(name));
            try {
                Path topoFile = LabState.dir(name).resolve("topology.json");
                Files.writeString(topoFile, TopologyJson.write(lab.topology()), StandardCharsets.UTF_8);
                if (foreground) {
                    return foreground(lab);
                }
                Path log = LabState.dir(name).resolve("controller.log");
                long logStart = Files.exists(log) ? Files.size(log) : 0; // the log is appended to
                String java = ProcessHandle.current().info().command().orElse("java");
                String classpath = System.getProperty("java.class.path");
                List<String> cmd = new ArrayList<>(List.of(java, "-cp", classpath, WeftMain.class.getName(),
                        "controller", "run", "--listen", "127.0.0.1:" + options.port));
                if (!options.fabric.discover()) {
                    cmd.addAll(List.of("--topo", topoFile.toString()));
                }
                cmd.addAll(options.fabric.arguments());
                cmd.addAll(services.controllerArguments(name));
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
                lab.recordPid(p.pid());
                awaitProgrammed(lab, p, log, Duration.ofSeconds(60));
                if (options.fabric.discover()) {
                    announceHosts(lab, p::isAlive, Duration.ofSeconds(60));
                }
                LabAgents started = services.agents ? LabAgents.start(lab, services.agentPort,
                        Files.readString(LabState.dir(name).resolve("agent-token"), StandardCharsets.UTF_8), java,
                        classpath, LabAgents.registeredIn(log, logStart)) : null;
                System.out.printf("lab %s up: %d switches, %d hosts; controller pid %d, log %s%n", name,
                        lab.topology().switches().size(), lab.topology().hosts().size(), p.pid(), log);
                printHosts(lab);
                if (started != null) {
                    started.print(name);
                }
                if (services.rest != null) {
                    System.out.println("dashboard: http://" + services.rest + "/ (REST API under /api, metrics at "
                            + "/metrics)");
                }
                System.out.println("tear down with: weft lab down --name " + name);
                return 0;
            } catch (RuntimeException | IOException e) {
                OvsLab.down(name);
                throw e;
            }
        }

        private int foreground(OvsLab lab) throws InterruptedException {
            WeftController c = options.startController(lab.config());
            if (options.fabric.discover()) {
                announceHosts(lab, () -> true, Duration.ofSeconds(60));
            }
            CountDownLatch stop = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                c.close();
                OvsLab.down(lab.name());
                stop.countDown();
            }, "weft-lab-shutdown"));
            if (!c.fabric().awaitConverged(Duration.ofSeconds(60))) {
                System.err.println("lab " + lab.name() + ": not programmed after 60 s; events: "
                        + c.fabric().events());
            }
            printHosts(lab);
            System.out.println("controller running in the foreground; Ctrl-C stops it and tears the lab down");
            stop.await();
            return 0;
        }

        /** Waits until every bridge holds Weft's LLDP entry, which the controller installs last per switch. */
        private static void awaitProgrammed(OvsLab lab, Process controller, Path log, Duration timeout)
                throws IOException {
            long deadline = System.nanoTime() + timeout.toNanos();
            for (Switch s : lab.topology().switches()) {
                while (!Shell.run(Duration.ofSeconds(10), null, "ovs-ofctl", "-O", "OpenFlow13", "dump-flows",
                        lab.bridgeOf(s.id()), "dl_type=0x88cc").stdout().contains("cookie=0x5745465400000000")) {
                    if (!controller.isAlive() || System.nanoTime() - deadline > 0) {
                        throw new LabException("lab " + lab.name() + ": switch " + s.id() + " not programmed "
                                + (controller.isAlive() ? "after " + timeout : "(controller exited)")
                                + "; controller log " + log + ":\n" + Files.readString(log));
                    }
                    Reachability.sleep(100);
                }
            }
        }
    }

    /** {@code weft lab down}. */
    @Command(name = "down", mixinStandardHelpOptions = true,
            description = "Stop the lab's processes and remove its bridges, namespaces and links.")
    static final class Down implements Callable<Integer> {
        @Option(names = "--name", defaultValue = "weft", description = "lab name (default: ${DEFAULT-VALUE})")
        String name;

        @Override
        public Integer call() {
            if (OvsLab.down(name)) {
                System.out.println("lab " + name + " down");
                return 0;
            }
            System.err.println("lab " + name + " is not up (no " + LabState.dir(name).resolve("state.json") + ")");
            return 1;
        }
    }

    /** {@code weft lab run --check}. */
    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "Bring the fabric up, check every host pair (ping and a TCP transfer), tear down. "
                    + "Exits 1 if any pair fails.")
    static final class Run implements Callable<Integer> {
        @CommandLine.Mixin
        LabOptions options = new LabOptions();

        @Option(names = "--name", defaultValue = "wrun", description = "lab name (default: ${DEFAULT-VALUE})")
        String name;

        @Option(names = "--check", description = "ping and TCP between every host pair")
        boolean check;

        @Option(names = "--bytes", defaultValue = "262144", description = "TCP transfer per pair (default: "
                + "${DEFAULT-VALUE})")
        int bytes;

        @Override
        public Integer call() throws Exception {
            long t0 = System.nanoTime();
            LabConfig config = options.config(name);
            WeftController c = options.startController(config);
            OvsLab lab;
            try {
                lab = OvsLab.up(config);
            } catch (RuntimeException e) {
                c.close();
                throw e;
            }
            try {
                if (options.fabric.discover()) {
                    announceHosts(lab, () -> true, Duration.ofSeconds(60));
                }
                if (!c.fabric().awaitConverged(Duration.ofSeconds(60))) {
                    System.err.println("not programmed after 60 s; events: " + c.fabric().events());
                    return 1;
                }
                System.out.printf("lab %s: %s with %s: %d switches, %d hosts, %d flows, %d groups, programmed in "
                                + "%.1f s%n", name, lab.topology().name(), options.fabric.routing().engine(),
                        lab.topology().switches().size(), lab.topology().hosts().size(),
                        c.fabric().program().flowCount(), c.fabric().program().groupCount(),
                        (System.nanoTime() - t0) / 1e9);
                if (!check) {
                    return 0;
                }
                int pairs = lab.topology().hosts().size() * (lab.topology().hosts().size() - 1);
                List<Reachability.Failure> ping = Reachability.pingAll(lab, Duration.ofSeconds(1));
                System.out.printf("ping: %d of %d pairs ok%n", pairs - ping.size(), pairs);
                ping.forEach(f -> System.out.println("  FAIL " + f));
                Reachability.startSinks(lab, Reachability.SINK_PORT, LabState.dir(name));
                List<Reachability.Failure> tcp = Reachability.tcpAll(lab, Reachability.SINK_PORT, bytes);
                System.out.printf("tcp (%d bytes): %d of %d pairs ok%n", bytes, pairs - tcp.size(), pairs);
                tcp.forEach(f -> System.out.println("  FAIL " + f));
                long errors = c.fabric().openflowErrors();
                System.out.printf("OpenFlow errors: %d%n", errors);
                return ping.isEmpty() && tcp.isEmpty() && errors == 0 ? 0 : 1;
            } finally {
                c.close();
                lab.close();
            }
        }
    }
}
