package weft.lab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * A Weft topology built as OVS userspace bridges (one per switch) and network namespaces (one per host), wired
 * with veth pairs whose switch-side ends carry the topology's port numbers.
 *
 * <p>Names, from lab name {@code N}: bridge of switch {@code i} (1-based, topology order) {@code Nb<i>}; its port
 * {@code p} {@code Nb<i>p<p>}; namespace of host {@code j} {@code Nh<j>}, whose interface is {@code eth0}; the optional
 * agent link of host {@code j} {@code Na<j>} (see {@link #addAgentLink}). Datapath ids come from the lab's own range
 * (see {@link #dpid}), never 1..n, so a Mininet run or another lab on the same OVS cannot collide (OVS does not stop
 * two bridges sharing a dpid: docs/sources.md §5).
 */
public final class OvsLab implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OvsLab.class);
    private static final Duration BUILD_TIMEOUT = Duration.ofSeconds(120);

    private final LabConfig config;
    private final Topology topology;
    private final Map<String, String> namespaceOf = new HashMap<>();
    private final Map<String, String> bridgeOf = new HashMap<>();
    private LabState state;
    /** The first two octets of this lab's agent links ({@link AgentLinkNet}), chosen at the first link. */
    private String agentNet;

    private OvsLab(LabConfig config) {
        this.config = config;
        List<Switch> switches = new ArrayList<>();
        Topology t = config.topology();
        for (int i = 0; i < t.switches().size(); i++) {
            Switch s = t.switches().get(i);
            switches.add(new Switch(s.id(), dpid(config.name(), i), s.ports()));
            bridgeOf.put(s.id(), config.name() + "b" + (i + 1));
        }
        for (int j = 0; j < t.hosts().size(); j++) {
            namespaceOf.put(t.hosts().get(j).id(), config.name() + "h" + (j + 1));
        }
        this.topology = new Topology(t.name(), switches, t.hosts(), t.links());
    }

    /**
     * The topology a lab with this configuration will have (the lab's dpids), before it is built: start the
     * controller with it first, and the switches find it listening on their first connection attempt.
     */
    public static Topology plannedTopology(LabConfig config) {
        return new OvsLab(config).topology;
    }

    /**
     * The dpid of switch {@code index} in lab {@code name}: {@code 0x574546} ("WEF") in the top 24 bits, 24 bits of
     * the CRC-32 of the name, then the 16-bit index plus one.
     */
    public static long dpid(String name, int index) {
        CRC32 crc = new CRC32();
        crc.update(name.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        return (0x574546L << 40) | ((crc.getValue() & 0xffffffL) << 16) | (index + 1);
    }

    /**
     * Builds the lab. On any failure, removes what it built and rethrows.
     *
     * @throws LabException naming the command that failed, or when a lab of that name is already up
     */
    public static OvsLab up(LabConfig config) {
        if (LabState.exists(config.name())) {
            throw new LabException("lab " + config.name() + " is already up (state " + LabState.file(config.name())
                    + "); run 'weft lab down --name " + config.name() + "' first");
        }
        OvsLab lab = new OvsLab(config);
        long t0 = System.nanoTime();
        try {
            lab.build();
        } catch (RuntimeException e) {
            down(config.name());
            throw e;
        }
        SwitchSendBuffer.read().warning().ifPresent(LOG::warn);
        LOG.info("lab {}: {} bridges, {} hosts, {} links up in {} ms", config.name(),
                lab.topology.switches().size(), lab.topology.hosts().size(), lab.topology.links().size(),
                (System.nanoTime() - t0) / 1_000_000);
        return lab;
    }

    private void build() {
        Topology t = topology;
        List<String> bridges = new ArrayList<>();
        for (Switch s : t.switches()) {
            bridges.add(bridgeOf.get(s.id()));
        }
        List<String> namespaces = new ArrayList<>();
        for (Host h : t.hosts()) {
            namespaces.add(namespaceOf.get(h.id()));
        }
        List<String> links = new ArrayList<>();
        for (Link l : t.links()) {
            links.add(interfaceOf(l.a(), l.aPort()));
        }
        state = new LabState(config.name(), bridges, namespaces, links, List.of());
        state.save();

        StringBuilder ip = new StringBuilder();
        for (Host h : t.hosts()) {
            String ns = namespaceOf.get(h.id());
            String sp = interfaceOf(h.switchId(), h.port());
            ip.append("netns add ").append(ns).append('\n');
            ip.append("link add ").append(sp).append(" type veth peer name eth0 netns ").append(ns).append('\n');
            ip.append("link set ").append(sp).append(" up\n");
        }
        for (Link l : t.links()) {
            String a = interfaceOf(l.a(), l.aPort());
            String b = interfaceOf(l.b(), l.bPort());
            ip.append("link add ").append(a).append(" type veth peer name ").append(b).append('\n');
            ip.append("link set ").append(a).append(" up\n");
            ip.append("link set ").append(b).append(" up\n");
        }
        Shell.check(BUILD_TIMEOUT, ip.toString(), "ip", "-batch", "-");

        for (Host h : t.hosts()) {
            Shell.check(Duration.ofSeconds(10), null, "ip", "netns", "exec", namespaceOf.get(h.id()), "sh", "-c",
                    "sysctl -qw net.ipv6.conf.all.disable_ipv6=1 && ip link set lo up"
                            + " && ip link set eth0 address " + h.mac()
                            + " && ip addr add " + h.ip() + "/32 dev eth0 && ip link set eth0 up"
                            + " && ip route add default dev eth0 && ethtool -K eth0 tx off >/dev/null");
        }

        List<String> vsctl = new ArrayList<>(List.of("ovs-vsctl", "--timeout=60"));
        for (Switch s : t.switches()) {
            String br = bridgeOf.get(s.id());
            vsctl.addAll(List.of("--", "add-br", br, "--", "set", "bridge", br, "datapath_type=netdev",
                    "protocols=OpenFlow13", "fail_mode=secure", "other-config:datapath-id=" + s.dpidHex(),
                    "other-config:disable-in-band=true", "--", "set-controller", br,
                    "tcp:127.0.0.1:" + config.controllerPort(), "--", "set", "controller", br, "max_backoff=1000"));
        }
        for (Host h : t.hosts()) {
            addPort(vsctl, h.switchId(), h.port());
        }
        for (Link l : t.links()) {
            addPort(vsctl, l.a(), l.aPort());
            addPort(vsctl, l.b(), l.bPort());
        }
        Shell.check(BUILD_TIMEOUT, null, vsctl.toArray(String[]::new));

        if (config.mbitPerGbps() > 0) {
            for (Host h : t.hosts()) {
                EmulatedLink.shape(interfaceOf(h.switchId(), h.port()), h.gbps() * config.mbitPerGbps());
            }
            for (Link l : t.links()) {
                EmulatedLink.shape(interfaceOf(l.a(), l.aPort()), l.gbps() * config.mbitPerGbps());
                EmulatedLink.shape(interfaceOf(l.b(), l.bPort()), l.gbps() * config.mbitPerGbps());
            }
        }
    }

    private void addPort(List<String> vsctl, String switchId, int port) {
        String p = interfaceOf(switchId, port);
        vsctl.addAll(List.of("--", "add-port", bridgeOf.get(switchId), p, "--", "set", "interface", p,
                "ofport_request=" + port));
    }

    public String name() {
        return config.name();
    }

    public LabConfig config() {
        return config;
    }

    /** The topology as built: the configured one with the lab's dpids. */
    public Topology topology() {
        return topology;
    }

    /** The network namespace of a host. */
    public String namespaceOf(String hostId) {
        String ns = namespaceOf.get(hostId);
        if (ns == null) {
            throw new LabException("lab " + config.name() + ": unknown host " + hostId);
        }
        return ns;
    }

    /** The OVS bridge of a switch. */
    public String bridgeOf(String switchId) {
        String br = bridgeOf.get(switchId);
        if (br == null) {
            throw new LabException("lab " + config.name() + ": unknown switch " + switchId);
        }
        return br;
    }

    /** The switch-side interface of a switch port. */
    public String interfaceOf(String switchId, int port) {
        return bridgeOf(switchId) + "p" + port;
    }

    /** Runs a command inside a host's namespace. */
    public Shell.Result exec(String hostId, Duration timeout, String... command) {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespaceOf(hostId)));
        full.addAll(List.of(command));
        return Shell.run(timeout, null, full.toArray(String[]::new));
    }

    /** Starts a long-running command inside a host's namespace; the lab stops it on teardown. */
    public Process spawn(String hostId, Path log, String... command) {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespaceOf(hostId)));
        full.addAll(List.of(command));
        try {
            Process p = new ProcessBuilder(full).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            recordPid(p.pid());
            return p;
        } catch (java.io.IOException e) {
            throw new LabException("lab " + config.name() + ": cannot start " + String.join(" ", full), e);
        }
    }

    /**
     * A point-to-point link from the root namespace into a host's namespace, which Weft's entries never see: the
     * agent of that host reaches the registry over it.
     *
     * @param hostId     the host
     * @param rootDevice the root-namespace end, {@code <name>a<j>} (the namespace end is {@code weftctl})
     * @param rootIp     the registry's address on this link
     * @param hostIp     the host namespace's address on this link
     */
    public record AgentLink(String hostId, String rootDevice, String rootIp, String hostIp) {
    }

    /**
     * Creates the agent link of a host: a veth pair with a /30 per host in a /16 no root-namespace route overlaps
     * ({@link AgentLinkNet}: host {@code j}, 0-based, gets {@code <net>.<j/64>.<4(j%64)+1>} at the root and
     * {@code +2} in its namespace) and records it for teardown.
     *
     * @throws LabException when the host is unknown, the lab has more than 16320 hosts, or {@code ip} fails
     */
    public AgentLink addAgentLink(String hostId) {
        String ns = namespaceOf(hostId);
        int j = 0;
        while (!topology.hosts().get(j).id().equals(hostId)) {
            j++;
        }
        if (j >= 255 * 64) {
            throw new LabException("lab " + config.name() + ": host " + hostId + " is number " + (j + 1)
                    + "; agent links have /30s of one /16 for at most 16320 hosts");
        }
        AgentLink link;
        synchronized (this) {
            if (agentNet == null) {
                agentNet = AgentLinkNet.pickHere();
            }
            String net = agentNet + (j / 64) + ".";
            int base = 4 * (j % 64);
            link = new AgentLink(hostId, config.name() + "a" + (j + 1), net + (base + 1), net + (base + 2));
            state = state.withLink(link.rootDevice());
            state.save();
        }
        Shell.check(Duration.ofSeconds(10), "link add " + link.rootDevice() + " type veth peer name weftctl netns "
                + ns + "\n" + "addr add " + link.rootIp() + "/30 dev " + link.rootDevice() + "\n"
                + "link set " + link.rootDevice() + " up\n", "ip", "-batch", "-");
        Shell.check(Duration.ofSeconds(10), null, "ip", "netns", "exec", ns, "sh", "-c", "ip addr add "
                + link.hostIp() + "/30 dev weftctl && ip link set weftctl up");
        return link;
    }

    /** Adds a process the lab stops (SIGTERM, by PID) on teardown. */
    public synchronized void recordPid(long pid) {
        state = state.withPid(pid);
        state.save();
    }

    /** Tears this lab down. */
    @Override
    public void close() {
        down(config.name());
    }

    /**
     * Removes everything the named lab recorded: stops its processes by PID, deletes its bridges, namespaces and
     * link veths by name, and removes its state file. Items already gone are skipped. Does nothing if the lab
     * is not up.
     *
     * @return true when a lab of that name was up
     */
    public static boolean down(String name) {
        if (!LabState.exists(name)) {
            return false;
        }
        LabState s = LabState.load(name);
        for (long pid : s.pids()) {
            ProcessHandle.of(pid).ifPresent(ph -> {
                ph.destroy();
                try {
                    ph.onExit().get(3, java.util.concurrent.TimeUnit.SECONDS);
                } catch (Exception e) {
                    ph.destroyForcibly();
                }
            });
        }
        if (!s.bridges().isEmpty()) {
            List<String> vsctl = new ArrayList<>(List.of("ovs-vsctl", "--timeout=60"));
            for (String br : s.bridges()) {
                vsctl.addAll(List.of("--", "--if-exists", "del-br", br));
            }
            Shell.check(BUILD_TIMEOUT, null, vsctl.toArray(String[]::new));
        }
        StringBuilder ip = new StringBuilder();
        for (String ns : s.namespaces()) {
            ip.append("netns del ").append(ns).append('\n');
        }
        for (String l : s.links()) {
            ip.append("link del ").append(l).append('\n');
        }
        // -force: keep going past items that are already gone (a half-built lab).
        Shell.run(BUILD_TIMEOUT, ip.toString(), "ip", "-force", "-batch", "-");
        try {
            Files.deleteIfExists(LabState.file(name));
        } catch (java.io.IOException e) {
            throw new LabException("lab " + name + ": cannot remove " + LabState.file(name), e);
        }
        LOG.info("lab {}: down ({} bridges, {} namespaces, {} links, {} processes)", name, s.bridges().size(),
                s.namespaces().size(), s.links().size(), s.pids().size());
        return true;
    }
}
