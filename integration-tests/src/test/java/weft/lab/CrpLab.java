package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import weft.agent.cli.AgentCommand;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.crp.ReservationOptions;
import weft.controller.fabric.DeadlockVerification;
import weft.controller.fabric.WeftController;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.RouteCompiler;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Host;

/**
 * What the CRP lab tests share ({@code CrpIncastLabTest}, {@code CrpLinkFailureLabTest}): the lab's CRP settings,
 * a lab whose switch sockets do not drop before the links, pinned neighbour entries, the senders' switch-side
 * counters and their {@code weft agent perf} processes.
 */
final class CrpLab {
    static final long MS = 1_000_000L;
    /** A host's drops, one number a line ({@link #countedDrops}). */
    private static final String HOST_DROPS = "cat /sys/class/net/eth0/statistics/rx_dropped "
            + "/sys/class/net/eth0/statistics/tx_dropped; tc -s qdisc show dev eth0 root | sed -n "
            + "'s/.*dropped \\([0-9]*\\).*/\\1/p'; awk '/^Udp:/ {if (h) print $i; else for (k = 1; k <= NF; k++) "
            + "if ($k == \"RcvbufErrors\") i = k; h = 1}' /proc/net/snmp";
    /** The lab's slot: 20 ms ({@link #reservations}). */
    static final long SLOT = 20 * MS;

    private CrpLab() {
    }

    /**
     * CRP for the lab: 20 ms slots (a slot of a 12 Mbit/s link holds 29,100 bytes after the default 3% headroom,
     * 19 full packets; the headroom covers the 14 B Ethernet header of every 1,500 B packet, which HTB counts and the
     * grants, in IP bytes, do not), 32 of them, a 40 ms round trip allowed (grants from two slots ahead), a 2 ms
     * clock tolerance, {@code N_max} one slot of the slowest critical resource; SNTP on the registry's port.
     * {@code ε} is 0: it reserves room for the control packets that cross a resource (seed 001 §2.5), and the
     * agents' control link runs over the lab's management veths, not through the fabric's links (with the default
     * 3% a link's data could not exceed 97% / 1.03 = 94% of its rate).
     */
    static ReservationOptions reservations(int port) {
        return new ReservationOptions(SLOT, 32, 30_000, 0, 2 * SLOT, 0, 0, 2, 8, SLOT / 8, 2 * MS, Set.of(), port);
    }

    /**
     * The lab's controller, started before the lab: the routes as {@code routing} sets them on Up*&#47;Down*, an
     * agent registry on every address at {@code agentPort} with {@code token}, and with {@code crp} the reservation
     * tables of {@link #reservations}.
     */
    static WeftController controller(LabConfig config, RoutingOptions routing, int agentPort, String token,
                                      boolean crp) {
        WeftController.Agents agents = new WeftController.Agents(new InetSocketAddress("0.0.0.0", agentPort), token,
                null, null, null);
        return WeftController.start(new WeftController.Config(OvsLab.plannedTopology(config),
                        RoutingEngines.byName("updown"), routing, RouteCompiler.Options.defaults(),
                        new DeadlockVerification(false), new InetSocketAddress("127.0.0.1", config.controllerPort()),
                        null, SessionConfig.defaults()),
                crp ? agents.withReservations(reservations(agentPort)) : agents);
    }

    /**
     * Once the fabric is programmed, starts every host's agent at 3 Mbit/s of its own, waits until the registry has
     * each, and pins the neighbour entries towards {@code dstId} ({@link #pinAddresses}); returns the registry.
     */
    static AgentLinkServer startAgents(OvsLab lab, WeftController controller, int agentPort, String token,
                                       String dstId) throws IOException, InterruptedException {
        assertThat(controller.fabric().awaitConverged(Duration.ofSeconds(60)))
                .as("fabric programmed; events %s", controller.fabric().events()).isTrue();
        String java = ProcessHandle.current().info().command().orElse("java");
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        AgentLinkServer registry = controller.agents();
        LabAgents.start(lab, agentPort, token, java, classpath, h -> registry.connectedHosts().contains(h),
                List.of("--default-mbps", "3"));
        pinAddresses(lab, dstId);
        return registry;
    }

    /** A port free for both TCP (the agent registry) and UDP (its SNTP server). */
    static int freeUdpAndTcpPort() throws IOException {
        while (true) {
            int port = LabHarness.freePort();
            try {
                new DatagramSocket(port).close();
                return port;
            } catch (SocketException busy) {
                // taken for UDP: try another
            }
        }
    }

    /**
     * Brings the lab up with 4 MiB receive buffers on ovs-vswitchd's port sockets (net.core.rmem_default while the
     * ports are added, restored right after, as AgentLabTest does): the userspace switch reads each port through an
     * AF_PACKET socket, and with the default 208 KiB a switch not scheduled for a while on this loaded machine drops
     * there, before the links, where neither tc nor the carried share sees it.
     */
    static OvsLab upWithDeepSwitchSockets(LabConfig config) {
        String rmemDefault = Shell.check("sysctl", "-n", "net.core.rmem_default").stdout().trim();
        Shell.check("sysctl", "-qw", "net.core.rmem_default=" + (4 << 20));
        try {
            return OvsLab.up(config);
        } finally {
            Shell.check("sysctl", "-qw", "net.core.rmem_default=" + rmemDefault);
        }
    }

    /**
     * Pins every host's neighbour entry for {@code dstId} and {@code dstId}'s for every host. Without it, a sender
     * whose agent starts after the others have filled a bottleneck's queue never resolves the destination: its ARP
     * requests travel the same route and are tail-dropped there, and later unicast probes of a stale entry would be
     * dropped the same way (or lost on a link that fails).
     */
    static void pinAddresses(OvsLab lab, String dstId) {
        Host dst = lab.topology().requireHost(dstId);
        for (Host h : lab.topology().hosts()) {
            if (!h.id().equals(dstId)) {
                lab.exec(h.id(), Duration.ofSeconds(10), "ip", "neigh", "replace", dst.ip(), "lladdr", dst.mac(),
                        "dev", "eth0", "nud", "permanent");
                lab.exec(dstId, Duration.ofSeconds(10), "ip", "neigh", "replace", h.ip(), "lladdr", h.mac(), "dev",
                        "eth0", "nud", "permanent");
            }
        }
    }

    /**
     * The RX ({@code rx}) or TX bytes of each host's switch-side port, one {@code ip} call for all: RX is what the
     * host put into its switch, TX what its switch delivered to it.
     */
    static long[] hostPortBytes(OvsLab lab, List<Host> hosts, boolean rx) {
        long[] out = new long[hosts.size()];
        JsonNode links;
        try {
            links = new ObjectMapper().readTree(Shell.check("ip", "-s", "-j", "link", "show").stdout());
        } catch (IOException e) {
            throw new LabException("ip -s -j link show: " + e.getMessage(), e);
        }
        for (int i = 0; i < hosts.size(); i++) {
            String dev = lab.interfaceOf(hosts.get(i).switchId(), hosts.get(i).port());
            out[i] = -1;
            for (JsonNode link : links) {
                if (link.path("ifname").asText().equals(dev)) {
                    out[i] = link.get("stats64").get(rx ? "rx" : "tx").get("bytes").asLong();
                }
            }
            if (out[i] < 0) {
                throw new LabException("ip -s -j link show: no device " + dev);
            }
        }
        return out;
    }

    /** The root qdisc's counters of {@code dev} ({@code tc -s -j qdisc}: bytes, packets, drops, backlog...). */
    static JsonNode qdisc(String dev) throws IOException {
        for (JsonNode q : new ObjectMapper().readTree(Shell.check("tc", "-s", "-j", "qdisc", "show", "dev", dev)
                .stdout())) {
            if (q.path("root").asBoolean()) {
                return q;
            }
        }
        throw new LabException("tc -s qdisc show dev " + dev + ": no root qdisc");
    }

    /**
     * CPU time the kernel's {@code ksoftirqd} threads have run, in ms ({@code /proc/<pid>/stat} utime + stime at
     * 100 ticks a second). Softirqs (an HTB's dequeue after its watchdog fires, a veth's delivery) run there when the
     * kernel defers them, as a normal nice-0 thread among every other on this machine.
     */
    static long ksoftirqdMillis() throws IOException {
        long ticks = 0;
        try (java.util.stream.Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(d -> d.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    if (Files.readString(p.resolve("comm")).startsWith("ksoftirqd/")) {
                        String stat = Files.readString(p.resolve("stat"));
                        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    }
                } catch (IOException gone) {
                    // a process that ended while listed
                }
            }
        }
        return ticks * 10;
    }

    /**
     * ovs-vswitchd's packet sockets ({@code ss -0 -m -p}), through which the userspace switch reads every port:
     * how many, the packets they dropped for want of room (the {@code d} of {@code skmem}), their smallest receive
     * buffer.
     */
    record SwitchSockets(int sockets, long drops, long minRcvbuf) {
        static SwitchSockets read() {
            int n = 0;
            long drops = 0;
            long rb = Long.MAX_VALUE;
            java.util.regex.Pattern mem = java.util.regex.Pattern.compile("rb(\\d+),.*,d(\\d+)\\)");
            for (String line : Shell.check("ss", "-0", "-m", "-p").stdout().lines().toList()) {
                java.util.regex.Matcher m = mem.matcher(line);
                if (line.contains("ovs-vswitchd") && m.find()) {
                    n++;
                    rb = Math.min(rb, Long.parseLong(m.group(1)));
                    drops += Long.parseLong(m.group(2));
                }
            }
            return new SwitchSockets(n, drops, n == 0 ? 0 : rb);
        }
    }

    /**
     * Every packet the lab dropped so far where a counter sees it: its links' queues (the root qdisc of every
     * switch-side port; each drops at its head, {@link EmulatedLink}), ovs-vswitchd's receive sockets on its ports
     * ({@code ss -m}: skmem {@code d}), the switch-side veths (rx and tx dropped), and in every host's namespace its
     * {@code eth0} and the UDP receive buffers ({@code RcvbufErrors}: an agent not scheduled in time). A packet
     * missing at a receiver and counted by none of these was lost uncounted.
     */
    static long countedDrops(OvsLab lab) throws IOException {
        // one number a line: eth0's rx and tx dropped, its root qdisc's drops (the agent's shaping), RcvbufErrors
        ObjectMapper json = new ObjectMapper();
        String prefix = lab.name() + "b";
        long sum = 0;
        for (JsonNode q : json.readTree(Shell.check("tc", "-s", "-j", "qdisc", "show").stdout())) {
            if (q.path("root").asBoolean() && q.path("dev").asText().startsWith(prefix)) {
                sum += q.path("drops").asLong();
            }
        }
        for (JsonNode link : json.readTree(Shell.check("ip", "-s", "-j", "link", "show").stdout())) {
            if (link.path("ifname").asText().startsWith(prefix)) {
                sum += link.path("stats64").path("rx").path("dropped").asLong()
                        + link.path("stats64").path("tx").path("dropped").asLong();
            }
        }
        java.util.regex.Matcher d = java.util.regex.Pattern.compile("\\*:" + prefix + "\\S* .*,d(\\d+)\\)")
                .matcher(Shell.check("ss", "-0", "-m", "-p").stdout());
        while (d.find()) {
            sum += Long.parseLong(d.group(1));
        }
        for (Host h : lab.topology().hosts()) {
            sum += lab.exec(h.id(), Duration.ofSeconds(10), "sh", "-c", HOST_DROPS).stdout().lines()
                    .mapToLong(l -> Long.parseLong(l.trim())).sum();
        }
        return sum;
    }

    /**
     * Packets ovs-vswitchd counted as dropped on the lab's interfaces (their {@code statistics} in OVSDB, receive
     * and send side: for a userspace port a send the kernel refused, e.g. a socket whose send buffer is full while
     * the port's qdisc holds its packets, is counted there and nowhere else).
     */
    static long switchPortDrops(String labName) throws IOException {
        JsonNode rows = new ObjectMapper().readTree(Shell.check("ovs-vsctl", "--format=json",
                "--columns=name,statistics", "list", "interface").stdout()).path("data");
        long drops = 0;
        for (JsonNode row : rows) {
            if (row.path(0).asText().startsWith(labName)) {
                for (JsonNode kv : row.path(1).path(1)) {
                    String key = kv.path(0).asText();
                    if (key.equals("rx_dropped") || key.equals("tx_dropped")) {
                        drops += kv.path(1).asLong();
                    }
                }
            }
        }
        return drops;
    }

    /**
     * Samples the root qdisc of a link's device as fast as {@code tc} answers (every few ms) while it runs, and
     * finds the longest stall: the longest span over which the qdisc held a backlog and sent nothing. An emulated
     * link stalls when the kernel does not run its HTB (a softirq deferred to {@code ksoftirqd}, which competes with
     * every other process on this machine): the instrument that tells the link's own shortfall from the sources'.
     * It keeps every sample's backlog too ({@link #backlogPercentile}): the queue a packet meets at the link.
     */
    static final class StallMeter {
        private final String dev;
        private final Thread thread;
        private final List<Long> backlogs = new ArrayList<>();
        private volatile boolean running = true;
        private long longestNanos;
        private long stalledNanos;
        private long samples;

        StallMeter(String dev) {
            this.dev = dev;
            this.thread = new Thread(this::run, "stall-meter-" + dev);
            thread.setDaemon(true);
            thread.start();
        }

        private void run() {
            long lastBytes = -1;
            long lastAt = 0;
            long stallStart = -1;
            while (running) {
                JsonNode q;
                try {
                    q = qdisc(dev);
                } catch (IOException | LabException e) {
                    return;
                }
                long at = System.nanoTime();
                long bytes = q.path("bytes").asLong();
                long backlog = q.path("backlog").asLong();
                boolean queued = backlog > 0;
                synchronized (this) {
                    samples++;
                    backlogs.add(backlog);
                    if (lastBytes >= 0 && bytes == lastBytes && stallStart >= 0) {
                        stalledNanos += at - lastAt;
                        longestNanos = Math.max(longestNanos, at - stallStart);
                    }
                    stallStart = bytes == lastBytes && stallStart >= 0 ? stallStart : queued ? at : -1;
                }
                lastBytes = bytes;
                lastAt = at;
            }
        }

        /** The {@code p}-quantile (0..1) of the backlog in bytes over the samples so far; 0 without samples. */
        synchronized long backlogPercentile(double p) {
            if (backlogs.isEmpty()) {
                return 0;
            }
            List<Long> sorted = new ArrayList<>(backlogs);
            sorted.sort(Long::compare);
            return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
        }

        /** Stops sampling; returns the longest stall and the stalled time in ms, and the samples taken. */
        synchronized String stop() {
            running = false;
            return String.format(java.util.Locale.ROOT, "%s: longest stall %.0f ms, stalled %.0f ms in all "
                    + "(%d samples)", dev, longestNanos / 1e6, stalledNanos / 1e6, samples);
        }
    }

    /**
     * What a set of hosts put into their switch together, sampled as fast as {@code ip} answers (every 10-30 ms on
     * this machine): the bytes that arrived within each span of at least a slot, as a rate ({@link #spanMbps}). With
     * CRP the sources' own arrivals at the switch are bounded by the slots' reservations; a queue at the bottleneck
     * beyond that formed downstream of the hosts (the userspace switch forwarding a backlog at once).
     */
    static final class ArrivalMeter {
        private final Thread thread;
        private final List<long[]> samples = new ArrayList<>();
        private volatile boolean running = true;

        ArrivalMeter(OvsLab lab, List<Host> hosts) {
            this.thread = new Thread(() -> {
                while (running) {
                    long a = System.nanoTime();
                    long sum = Arrays.stream(hostPortBytes(lab, hosts, true)).sum();
                    long b = System.nanoTime();
                    synchronized (this) {
                        samples.add(new long[] {(a + b) / 2, sum});
                    }
                }
            }, "arrival-meter");
            thread.setDaemon(true);
            thread.start();
        }

        /**
         * Stops sampling; the {@code q}-quantiles (0..1) of the arrival rate in Mbit/s over consecutive spans of at
         * least {@code spanNanos} each (from each sample to the first one at least that much later).
         */
        synchronized double[] spanMbps(long spanNanos, double... q) {
            running = false;
            List<Double> rates = new ArrayList<>();
            int j = 0;
            for (int i = 0; i < samples.size(); i++) {
                j = Math.max(j, i + 1);
                while (j < samples.size() && samples.get(j)[0] - samples.get(i)[0] < spanNanos) {
                    j++;
                }
                if (j == samples.size()) {
                    break;
                }
                rates.add((samples.get(j)[1] - samples.get(i)[1]) * 8e3 / (samples.get(j)[0] - samples.get(i)[0]));
            }
            rates.sort(Double::compare);
            double[] out = new double[q.length];
            for (int k = 0; k < q.length; k++) {
                out[k] = rates.isEmpty() ? Double.NaN : rates.get((int) Math.min(rates.size() - 1,
                        Math.floor(q[k] * rates.size())));
            }
            return out;
        }
    }

    /**
     * How late a thread of ordinary priority wakes up on this machine while it runs: it sleeps 1 ms again and again
     * and keeps each wake-up's lateness. The agents' data-path threads are such threads in other JVMs on the same two
     * cores, so this is the instrument that tells whether grants expire because the agents are not run within their
     * slots' windows.
     */
    static final class WakeMeter {
        private final Thread thread;
        private final List<Long> late = new ArrayList<>();
        private volatile boolean running = true;

        WakeMeter() {
            this.thread = new Thread(this::run, "wake-meter");
            thread.setDaemon(true);
            thread.start();
        }

        private void run() {
            while (running) {
                long before = System.nanoTime();
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
                long lateNanos = System.nanoTime() - before - MS;
                synchronized (this) {
                    late.add(lateNanos);
                }
            }
        }

        /** Stops sampling; returns the wake-ups' lateness: median, 99th percentile, largest, and the time over 2 ms. */
        synchronized String stop() {
            running = false;
            if (late.isEmpty()) {
                return "wake-ups: none";
            }
            List<Long> sorted = new ArrayList<>(late);
            sorted.sort(Long::compare);
            long over = sorted.stream().filter(x -> x > 2 * MS).mapToLong(Long::longValue).sum();
            return String.format(java.util.Locale.ROOT, "a 1 ms sleep woke late by %.2f ms (median), %.1f ms "
                    + "(99th percentile), %.0f ms (largest); %.0f ms of lateness over 2 ms in all (%d wake-ups)",
                    sorted.get(sorted.size() / 2) / 1e6, sorted.get((int) (sorted.size() * 0.99)) / 1e6,
                    sorted.get(sorted.size() - 1) / 1e6, over / 1e6, sorted.size());
        }
    }

    /**
     * The senders' {@code weft agent perf} processes towards one destination. A perf first asks the destination's
     * agent to start its measurement; behind a full bottleneck the query can be dropped as often as the agent
     * retries it, so the perf ends with an error: such a perf is started again (at most three times, its log
     * kept), the condition being the lab's, not the data path's.
     */
    static final class Perfs {
        private final OvsLab lab;
        private final Path dir;
        private final String tag;
        private final String java;
        private final String classpath;
        private final List<Host> senders;
        private final String dstIp;
        private final Process[] running;
        private final int[] starts;
        private final long seconds;

        /** Perfs that run until {@link #stop}. */
        Perfs(OvsLab lab, Path dir, String tag, List<Host> senders, String dstIp) throws IOException {
            this(lab, dir, tag, senders, dstIp, Duration.ofSeconds(300));
        }

        /** Perfs that send for {@code length}, then drain their VOQs and report ({@link #results}). */
        Perfs(OvsLab lab, Path dir, String tag, List<Host> senders, String dstIp, Duration length)
                throws IOException {
            this.seconds = length.toSeconds();
            this.lab = lab;
            this.dir = dir;
            this.tag = tag;
            this.java = ProcessHandle.current().info().command().orElse("java");
            this.classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            this.senders = List.copyOf(senders);
            this.dstIp = dstIp;
            this.running = new Process[senders.size()];
            this.starts = new int[senders.size()];
            for (int i = 0; i < running.length; i++) {
                start(i);
            }
        }

        private void start(int i) throws IOException {
            Path log = log(i, starts[i]);
            Files.deleteIfExists(log);
            starts[i]++;
            running[i] = lab.spawn(senders.get(i).id(), log, java, "-Xmx96m", "-cp", classpath,
                    AgentCommand.class.getName(), "perf", "--to", dstIp, "--seconds", String.valueOf(seconds),
                    "--json");
        }

        private Path log(int i, int start) {
            return dir.resolve("perf-" + tag + "-" + senders.get(i).id() + "-" + start + ".log");
        }

        /**
         * Waits for every perf to end and returns each one's report (the last JSON line of its log): what its agent
         * sent and what the receiving agent counted, end to end.
         */
        List<JsonNode> results(Duration timeout) throws IOException, InterruptedException {
            List<JsonNode> out = new ArrayList<>();
            long deadline = System.nanoTime() + timeout.toNanos();
            for (int i = 0; i < running.length; i++) {
                boolean ended = running[i].waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                String log = Files.readString(log(i, starts[i] - 1));
                List<String> reports = log.lines().filter(l -> l.startsWith("{")).toList();
                assertThat(ended && running[i].exitValue() == 0 && !reports.isEmpty()).as("perf on %s ended with a "
                        + "report within %s:%n%s", senders.get(i).id(), timeout, log).isTrue();
                out.add(new ObjectMapper().readTree(reports.get(reports.size() - 1)));
            }
            return out;
        }

        /** Waits until the switch-side port of every sender has received data (its agent is sending). */
        void awaitAllSending() throws InterruptedException, IOException {
            long[] start = hostPortBytes(lab, senders, true);
            long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
            while (true) {
                long[] now = hostPortBytes(lab, senders, true);
                boolean all = true;
                for (int i = 0; i < running.length; i++) {
                    boolean sending = now[i] - start[i] > 1_000_000;
                    all &= sending;
                    if (!sending && !running[i].isAlive() && starts[i] <= 3) {
                        System.out.printf("perf on %s (%s) ended before sending; started again%n",
                                senders.get(i).id(), tag);
                        start(i);
                    }
                }
                if (all) {
                    return;
                }
                assertThat(System.nanoTime() - deadline).as("all %d senders sending within 180 s: bytes so far %s, "
                        + "perf starts %s", running.length, Arrays.toString(now), Arrays.toString(starts))
                        .isNegative();
                Thread.sleep(500);
            }
        }

        void stop() {
            for (Process p : running) {
                if (p != null) {
                    p.destroy();
                }
            }
        }
    }
}
