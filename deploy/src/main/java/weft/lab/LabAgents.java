package weft.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Predicate;
import weft.cli.WeftMain;
import weft.model.topology.Host;

/**
 * The host agents of a lab: one {@code weft agent run} per host namespace, each reaching the agent registry embedded in
 * the lab's controller ({@code weft controller run --agents-listen}) over its host's {@link OvsLab.AgentLink}. Every
 * process is recorded in the lab's state, so {@code weft lab down} stops it by PID.
 *
 * @param registryPort the registry's TCP port (it listens on every root-namespace address)
 * @param token        the shared token, also in {@code <lab dir>/agent-token}
 * @param agents       one row per host
 */
public record LabAgents(int registryPort, String token, List<Agent> agents) {
    /**
     * How long an agent may take to start and register: 3 minutes. Nine agent JVMs starting at once on a 2-core
     * machine that other builds load 15 times over took more than a minute (CrpIncastLabTest).
     */
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

    /**
     * One host's agent.
     *
     * @param host       the host
     * @param link       its agent link
     * @param pid        the agent process
     * @param controller the registry address the agent was given
     */
    public record Agent(Host host, OvsLab.AgentLink link, long pid, String controller) {
    }

    public LabAgents {
        agents = List.copyOf(agents);
    }

    /** Generates a random 128-bit token and writes it to {@code <lab dir>/agent-token}; returns the file. */
    public static Path newToken(String labName) throws IOException {
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        return writeToken(labName, HexFormat.of().formatHex(secret));
    }

    /** Writes {@code token} to {@code <lab dir>/agent-token}, readable by its owner only; returns the file. */
    static Path writeToken(String labName, String token) throws IOException {
        Path tokenFile = LabState.dir(labName).resolve("agent-token");
        Files.createDirectories(tokenFile.getParent());
        Files.deleteIfExists(tokenFile);
        Files.createFile(tokenFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tokenFile, token, StandardCharsets.UTF_8);
        return tokenFile;
    }

    /**
     * Starts every host's agent and waits until each says it is ready and the registry has it.
     *
     * @param java       the java executable
     * @param classpath  a class path holding the agent module
     * @param registered whether the registry has registered a host (the controller's log line, or its registry)
     * @throws LabException when an agent cannot start, or is not ready or not registered within 3 minutes (with its
     *                      log)
     */
    public static LabAgents start(OvsLab lab, int registryPort, String token, String java, String classpath,
                                  Predicate<String> registered) throws IOException {
        return start(lab, registryPort, token, java, classpath, registered, List.of());
    }

    /** As {@link #start(OvsLab, int, String, String, String, Predicate)}, with more {@code weft agent run} options. */
    public static LabAgents start(OvsLab lab, int registryPort, String token, String java, String classpath,
                                  Predicate<String> registered, List<String> agentOptions) throws IOException {
        Path dir = LabState.dir(lab.name());
        Path tokenFile = writeToken(lab.name(), token); // agents read it there: ps shows no token
        List<Agent> agents = new ArrayList<>();
        List<Process> processes = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (Host h : lab.topology().hosts()) {
            OvsLab.AgentLink link = lab.addAgentLink(h.id());
            String controller = link.rootIp() + ":" + registryPort;
            Path log = dir.resolve("agent-" + h.id() + ".log");
            Files.deleteIfExists(log); // a previous lab of this name leaves its logs; the waits read them
            List<String> cmd = new ArrayList<>(List.of(java, "-Xmx128m", "-cp", classpath,
                    WeftMain.class.getName(), "agent", "run", "--host", h.id(), "--ip", h.ip(), "--mac", h.mac(),
                    // by dpid: a discovering controller knows the switches only by their datapath ids
                    "--attachment", lab.topology().requireSwitch(h.switchId()).dpidHex() + ":" + h.port(),
                    "--controller", controller, "--token-file", tokenFile.toString()));
            cmd.addAll(agentOptions);
            Process p = lab.spawn(h.id(), log, cmd.toArray(String[]::new));
            agents.add(new Agent(h, link, p.pid(), controller));
            processes.add(p);
            logs.add(log);
        }
        for (int i = 0; i < processes.size(); i++) {
            awaitLine(lab, processes.get(i), logs.get(i), "agent " + agents.get(i).host().id() + " ready");
        }
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        for (int i = 0; i < agents.size(); i++) {
            String host = agents.get(i).host().id();
            while (!registered.test(host)) {
                if (System.nanoTime() - deadline > 0) {
                    throw new LabException("lab " + lab.name() + ": agent " + host + " not registered with the "
                            + "controller's registry on port " + registryPort + " after " + READY_TIMEOUT
                            + "; agent log " + logs.get(i) + ":\n" + Files.readString(logs.get(i)));
                }
                Reachability.sleep(100);
            }
        }
        return new LabAgents(registryPort, token, agents);
    }

    /** Whether the log at {@code log}, from byte {@code from} on, holds the controller's "agent H registered". */
    public static Predicate<String> registeredIn(Path log, long from) {
        return host -> {
            try {
                byte[] all = Files.readAllBytes(log);
                String text = new String(all, (int) Math.min(from, all.length), (int) Math.max(0, all.length - from),
                        StandardCharsets.UTF_8);
                return text.contains("agent " + host + " registered");
            } catch (IOException e) {
                return false;
            }
        };
    }

    private static void awaitLine(OvsLab lab, Process p, Path log, String line) throws IOException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (!Files.readString(log, StandardCharsets.UTF_8).contains(line)) {
            if (!p.isAlive() || System.nanoTime() - deadline > 0) {
                throw new LabException("lab " + lab.name() + ": no '" + line + "' from pid " + p.pid() + " "
                        + (p.isAlive() ? "after " + READY_TIMEOUT : "(exited " + p.exitValue() + ")") + "; log "
                        + log + ":\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
            Reachability.sleep(100);
        }
    }

    /** Prints the registry and one line per agent. */
    public void print(String labName) {
        System.out.printf("agent registry in the controller, on port %d of every agent link; token in %s%n",
                registryPort, LabState.dir(labName).resolve("agent-token"));
        System.out.printf("%-8s %-8s %-10s %-16s %s%n", "agent", "pid", "link", "host-side ip", "registry");
        for (Agent a : agents) {
            System.out.printf("%-8s %-8d %-10s %-16s %s%n", a.host().id(), a.pid(), a.link().rootDevice(),
                    a.link().hostIp(), a.controller());
        }
        System.out.println("try: weft rates set --controller 127.0.0.1:" + registryPort + " --token-file "
                + LabState.dir(labName).resolve("agent-token") + " --src " + agents.get(0).host().id() + " --dst "
                + agents.get(agents.size() - 1).host().id() + " --mbps 50");
    }
}
