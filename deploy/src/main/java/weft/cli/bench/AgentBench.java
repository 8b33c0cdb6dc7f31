package weft.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.agent.cli.AgentPerfCommand;
import weft.agent.cli.TokenBucketOption;
import weft.agent.datapath.DataPath;
import weft.agent.datapath.DataPathConfig;
import weft.agent.datapath.ShimHeader;
import weft.agent.datapath.Transport;
import weft.cli.WeftMain;
import weft.model.protocol.DestinationRate;

/**
 * {@code weft bench agent}: the agent's data path side by side with Linux tc HTB, in one run. Rows: unshaped
 * throughput and packets per second per core on loopback (two agents in this JVM) and through one userspace OVS
 * bridge (two agents in namespaces); shaping error of the agent at 10, 50 and 200 Mbit/s on both; and the same
 * rates enforced by an HTB class on the sender's NIC for an iperf3 UDP flow offered 20% above the rate. Rates are
 * IP-level (the HTB qdisc's size table takes the Ethernet header out, as the agent's tc mode does). The bridge
 * and tc rows need root and Open vSwitch; they are skipped (and say so) otherwise.
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Benchmark the agent (loopback, one bridge) against tc HTB shaping; prints a table.")
public final class AgentBench implements Callable<Integer> {
    @Option(names = "--seconds", defaultValue = "4", description = "seconds per measurement (default ${DEFAULT-VALUE})")
    double seconds;
    @Option(names = "--no-bridge", description = "only the loopback rows")
    boolean noBridge;
    @Mixin
    TokenBucketOption bucket = new TokenBucketOption();

    private final List<String[]> rows = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        loopback();
        if (!noBridge) {
            bridge();
        }
        System.out.printf("%-34s %-12s %12s %12s %10s %10s%n", "case", "rate Mbit/s", "got Mbit/s", "kpps",
                "kpps/core", "error %");
        for (String[] r : rows) {
            System.out.printf("%-34s %-12s %12s %12s %10s %10s%n", (Object[]) r);
        }
        return 0;
    }

    private void row(String name, double rateMbps, Map<String, Object> perf, double cpuCores) {
        double got = ((Number) perf.get("delivered_mbps")).doubleValue();
        double kpps = perf.containsKey("received_packets")
                ? ((Number) perf.get("received_packets")).doubleValue() / Math.max(1e-9,
                ((Number) perf.get("seconds")).doubleValue()) / 1000 : got * 1e6 / 8 / 1500 / 1000;
        rows.add(new String[] {name, rateMbps > 0 ? fmt(rateMbps) : "unshaped", fmt(got), fmt(kpps),
            cpuCores > 0 ? fmt(kpps / cpuCores) : "-", rateMbps > 0 ? fmt(100 * (got - rateMbps) / rateMbps) : "-"});
    }

    private static String fmt(double v) {
        return String.format("%.2f", v);
    }

    private static double cpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1e9;
    }

    @SuppressWarnings("try") // the receiving agent b is only started and closed; the sender's perf run reaches it
    private void loopback() throws Exception {
        Transport t = Transport.best();
        EventLoopGroup group = t.newGroup(2);
        DataPathConfig base = DataPathConfig.defaults(InetAddress.getByName("127.0.0.1"));
        try (DataPath a = new DataPath(base.withPorts(47470, 47471).withShaping("ps", bucket.bytes(), 512, 0), t, group)
                .start();
             DataPath b = new DataPath(DataPathConfig.defaults(InetAddress.getByName("127.0.0.2"))
                     .withPorts(47470, 47472), t, group).start()) {
            int dst = ShimHeader.idOf(InetAddress.getByName("127.0.0.2"));
            a.applyRates(false, List.of(new DestinationRate("b", "127.0.0.2", 47470, 40_000_000_000L, "sd", List.of(),
                    0)));
            AgentPerfCommand.run(47471, dst, 3, 14440); // warm-up: let the JIT compile the data path first
            for (double mbps : new double[] {0, 10, 50, 200}) {
                long bps = mbps == 0 ? 40_000_000_000L : (long) (mbps * 1e6);
                a.applyRates(false, List.of(new DestinationRate("b", "127.0.0.2", 47470, bps, "sd", List.of(), 0)));
                Thread.sleep(100);
                double cpu0 = cpuSeconds();
                long wall0 = System.nanoTime();
                Map<String, Object> r = AgentPerfCommand.run(47471, dst, seconds, 14440);
                double cores = (cpuSeconds() - cpu0) / ((System.nanoTime() - wall0) / 1e9);
                row("agent loopback", mbps, r, mbps == 0 ? cores : 0);
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    // ---- one bridge: namespaces wah8, wah9 on bridge wab9 ------------------------------------------------------

    private static String sh(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("bench command failed: " + command + "\n" + out);
        }
        return out;
    }

    private static void quiet(String command) throws InterruptedException {
        try {
            new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start().waitFor(30, TimeUnit.SECONDS);
        } catch (IOException e) {
            // best-effort teardown of names this benchmark owns
        }
    }

    private static void teardown() throws InterruptedException {
        quiet("ovs-vsctl --if-exists del-br wab9; ip netns del wah8; ip netns del wah9; ip link del wa8p; "
                + "ip link del wa9p");
    }

    /** Namespaces wah8, wah9 at 10.78.0.1-2, on ports 1 and 2 of bridge wab9. */
    private static void addPorts() throws IOException, InterruptedException {
        for (int i = 1; i <= 2; i++) {
            String ns = "wah" + (7 + i);
            String veth = "wa" + (7 + i) + "p";
            sh("ip netns add " + ns + " && ip link add " + veth + " type veth peer name eth0 netns " + ns
                    + " && ip link set " + veth + " up");
            sh("ip netns exec " + ns + " sh -c 'ip link set lo up; ip addr add 10.78.0." + i
                    + "/24 dev eth0; ip link set eth0 up; ethtool -K eth0 tx off >/dev/null'");
            sh("ovs-vsctl add-port wab9 " + veth + " -- set interface " + veth + " ofport_request=" + i);
        }
    }

    private void bridge() throws Exception {
        if (new ProcessBuilder("sh", "-c", "command -v ovs-vsctl && [ $(id -u) = 0 ]").start().waitFor() != 0) {
            rows.add(new String[] {"bridge rows skipped (need root+OVS)", "-", "-", "-", "-", "-"});
            return;
        }
        teardown();
        String cp = System.getProperty("java.class.path");
        List<Process> agents = new ArrayList<>();
        try {
            sh("ovs-vsctl add-br wab9 -- set bridge wab9 datapath_type=netdev protocols=OpenFlow13 fail_mode=secure "
                    + "other-config:datapath-id=0000000000007a09 other-config:disable-in-band=true");
            // as in AgentLabTest: ovs-vswitchd's per-port receive sockets get 4 MiB instead of rmem_default
            String rmemDefault = sh("sysctl -n net.core.rmem_default").trim();
            sh("sysctl -qw net.core.rmem_default=" + (4 << 20));
            try {
                addPorts();
            } finally {
                sh("sysctl -qw net.core.rmem_default=" + rmemDefault);
            }
            sh("ovs-ofctl -O OpenFlow13 add-flow wab9 in_port=1,actions=output:2");
            sh("ovs-ofctl -O OpenFlow13 add-flow wab9 in_port=2,actions=output:1");
            for (double mbps : new double[] {0, 10, 50, 200}) {
                long bps = mbps == 0 ? 40_000_000_000L : (long) (mbps * 1e6);
                for (int i = 1; i <= 2; i++) {
                    List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", "wah" + (7 + i), "java", "-cp",
                            cp,
                            WeftMain.class.getName(), "agent", "run", "--host", "b" + i, "--ip", "10.78.0." + i));
                    cmd.addAll(bucket.arguments());
                    if (i == 1) {
                        cmd.addAll(List.of("--rate", "10.78.0.2=" + bps / 1e6));
                    }
                    agents.add(new ProcessBuilder(cmd).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
                }
                Thread.sleep(8000);
                Process perf = new ProcessBuilder("ip", "netns", "exec", "wah8", "java", "-cp", cp,
                        WeftMain.class.getName(), "agent", "perf", "--to", "10.78.0.2", "--seconds",
                        String.valueOf(seconds), "--json").redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String out = new String(perf.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                perf.waitFor();
                @SuppressWarnings("unchecked")
                Map<String, Object> r = new ObjectMapper().readValue(out, Map.class);
                row("agent via 1 OVS bridge", mbps, r, 0);
                for (Process p : agents) {
                    p.destroy();
                    p.waitFor(10, TimeUnit.SECONDS);
                }
                agents.clear();
            }
            for (double mbps : new double[] {10, 50, 200}) {
                sh("ip netns exec wah8 sh -c 'tc qdisc del dev eth0 root 2>/dev/null; tc qdisc add dev eth0 root "
                        + "handle 1: stab overhead -14 htb default 10 && tc class add dev eth0 parent 1: classid 1:10 "
                        + "htb rate "
                        + (long) (mbps * 1e6) + "bit ceil " + (long) (mbps * 1e6) + "bit burst 16000b cburst 16000b'");
                Process server = new ProcessBuilder("ip", "netns", "exec", "wah9", "iperf3", "-s", "-1", "-p", "5298")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                Thread.sleep(500);
                String out = sh("ip netns exec wah8 iperf3 -c 10.78.0.2 -p 5298 -u -l 1400 -b "
                        + (long) (mbps * 1.2e6) + " -t " + (int) Math.ceil(seconds) + " -J");
                server.waitFor(10, TimeUnit.SECONDS);
                var sum = new ObjectMapper().readTree(out).path("end").path("sum");
                // iperf3 counts UDP payload; add UDP+IP headers (28 B per 1400 B datagram) for an IP-level rate
                double got = sum.path("bits_per_second").asDouble() * (1428.0 / 1400) / 1e6
                        * (1 - sum.path("lost_percent").asDouble() / 100);
                row("tc HTB via 1 OVS bridge (iperf3)", mbps, Map.of("delivered_mbps", got), 0);
                sh("ip netns exec wah8 tc qdisc del dev eth0 root");
            }
        } finally {
            for (Process p : agents) {
                p.destroyForcibly();
            }
            teardown();
        }
    }
}
