package weft.lab;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import weft.model.topology.Host;

/**
 * Checks every ordered host pair of a lab: ICMP ping, and a TCP transfer whose byte count the receiver confirms.
 * Each source host runs its checks in one process (a shell loop of pings, a Python sender); sources run in
 * parallel.
 */
public final class Reachability {
    /** One pair that failed a check. */
    public record Failure(String src, String dst, String detail) {
        @Override
        public String toString() {
            return src + " -> " + dst + ": " + detail;
        }
    }

    /** Default TCP port of the sinks. */
    public static final int SINK_PORT = 5917;
    private static final String PYTHON = "/usr/bin/python3";

    private Reachability() {
    }

    /** Pings every other host once from every host (ARP resolution included); returns the failures. */
    public static List<Failure> pingAll(OvsLab lab, Duration perPing) {
        return pingAmong(lab, lab.topology().hosts(), perPing);
    }

    /** Pings between every ordered pair of the given hosts; returns the failures. */
    public static List<Failure> pingAmong(OvsLab lab, List<Host> hosts, Duration perPing) {
        return perSource(lab, hosts, (src, dsts) -> {
            String ips = dsts.stream().map(Host::ip).collect(Collectors.joining(" "));
            Shell.Result r = lab.exec(src.id(), Duration.ofSeconds(10L + dsts.size() * perPing.toSeconds() * 2),
                    "sh", "-c", "for ip in " + ips + "; do ping -n -q -c 1 -W " + Math.max(1, perPing.toSeconds())
                            + " $ip >/dev/null 2>&1 || echo FAIL $ip; done");
            return r.stdout();
        });
    }

    /** Starts a TCP sink in every host; the lab stops them on teardown. */
    public static void startSinks(OvsLab lab, int port, Path logDir) {
        String sink = resource("tcp_sink.py");
        for (Host h : lab.topology().hosts()) {
            lab.spawn(h.id(), logDir.resolve("sink-" + h.id() + ".log"), PYTHON, "-c", sink,
                    Integer.toString(port));
        }
        for (Host h : lab.topology().hosts()) {
            waitForListener(lab, h, port);
        }
    }

    private static void waitForListener(OvsLab lab, Host h, int port) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() - deadline < 0) {
            Shell.Result r = lab.exec(h.id(), Duration.ofSeconds(5), "ss", "-Htln", "sport = :" + port);
            if (r.ok() && !r.stdout().isBlank()) {
                return;
            }
            sleep(50);
        }
        throw new LabException("lab " + lab.name() + ": TCP sink in " + h.id() + " is not listening on port "
                + port + " after 10 s");
    }

    /** Sends {@code bytes} over TCP from every host to every other host's sink; returns the failures. */
    public static List<Failure> tcpAll(OvsLab lab, int port, int bytes) {
        String check = resource("tcp_check.py");
        return perSource(lab, lab.topology().hosts(), (src, dsts) -> {
            List<String> cmd = new ArrayList<>(List.of(PYTHON, "-c", check, Integer.toString(port),
                    Integer.toString(bytes), "3"));
            for (Host d : dsts) {
                cmd.add(d.ip());
            }
            Shell.Result r = lab.exec(src.id(), Duration.ofSeconds(10L + dsts.size() * 4L),
                    cmd.toArray(String[]::new));
            if (!r.ok()) {
                return "FAIL * sender exited " + r.exit() + ": " + r.stderr().strip() + "\n";
            }
            return r.stdout();
        });
    }

    /** Runs one check per source host in parallel and parses its "FAIL ip detail" lines. */
    private static List<Failure> perSource(OvsLab lab, List<Host> hosts, SourceCheck check) {
        Map<String, Host> byIp = hosts.stream().collect(Collectors.toMap(Host::ip, h -> h));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> outs = new ArrayList<>();
            for (Host src : hosts) {
                List<Host> dsts = hosts.stream().filter(h -> h != src).toList();
                outs.add(pool.submit(() -> check.run(src, dsts)));
            }
            List<Failure> failures = new ArrayList<>();
            for (int i = 0; i < hosts.size(); i++) {
                for (String line : outs.get(i).get().split("\n")) {
                    if (line.startsWith("FAIL ")) {
                        String[] parts = line.split(" ", 3);
                        Host dst = byIp.get(parts[1]);
                        failures.add(new Failure(hosts.get(i).id(), dst == null ? parts[1] : dst.id(),
                                parts.length > 2 ? parts[2] : "no reply"));
                    }
                }
            }
            return failures;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while checking lab " + lab.name(), e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof LabException l ? l : new LabException(e.getCause().toString(), e);
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    private interface SourceCheck {
        String run(Host src, List<Host> dsts);
    }

    static String resource(String name) {
        try (InputStream in = Reachability.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new LabException("missing resource weft/lab/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LabException("cannot read resource weft/lab/" + name, e);
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted", e);
        }
    }
}
