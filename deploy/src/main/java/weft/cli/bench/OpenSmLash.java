package weft.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import weft.model.topology.Topology;
import weft.model.topology.io.IbnetdiscoverFormat;

/**
 * Runs OpenSM's LASH on a topology with no hardware: ibsim simulates the fabric from a net file and OpenSM talks to it
 * through {@code libumad2sim}; the layer count and the routing time come from OpenSM's log. The procedure is that of
 * docs/sources.md §4: {@code opensm -o -R lash,no_fallback -Q}, stopped after a timeout or as soon as the log shows the
 * verdict, because a failing engine makes {@code -o} re-sweep forever. ibsim and OpenSM are started and stopped by this
 * class, through their process handles.
 */
final class OpenSmLash {
    static final String UMAD2SIM = "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so";
    private static final Pattern LINE = Pattern.compile("^\\w{3} +\\d+ (\\d\\d):(\\d\\d):(\\d\\d) (\\d{6}) .*");
    private static final Pattern LANES_IN = Pattern.compile("lash_core: Lanes in layer (\\d+): (\\d+)");
    private static final Pattern NEEDED = Pattern.compile("Lanes needed: (\\d+)");
    private static final Pattern ERR = Pattern.compile("(ERR [0-9A-F]{4}: .*)");
    private static final Pattern EXCEED =
            Pattern.compile("Lane requirements \\((\\d+)\\) exceed available lanes \\((\\d+)\\)");

    /**
     * What OpenSM did: layers (-1 if unknown; on failure the layers it needed), routing seconds from the start of
     * LASH to its tables or to its failure (-1 if not reached), and a short status
     * ("ok", "fails: ...", "timeout", "not installed").
     */
    record Outcome(int layers, double routingSeconds, double wallSeconds, String status) {
    }

    private OpenSmLash() {
    }

    static boolean installed() {
        return Files.isExecutable(Path.of("/usr/sbin/opensm")) && Files.isExecutable(Path.of("/usr/bin/ibsim"))
                && Files.exists(Path.of(UMAD2SIM));
    }

    static Outcome run(Topology t, Path workDir, int timeoutSeconds) throws IOException, InterruptedException {
        Path dir = workDir.toAbsolutePath();
        if (!installed()) {
            return new Outcome(-1, -1, -1, "not installed (apt-get install opensm ibsim-utils)");
        }
        Files.createDirectories(dir);
        Path net = dir.resolve("fabric.net");
        Files.writeString(net, IbnetdiscoverFormat.writeIbsim(t));
        Path log = dir.resolve("osm.log");
        Files.deleteIfExists(log);
        int nodes = t.switches().size() + t.hosts().size();
        // A socket name of this run's own, so that another ibsim on the machine (the default is "sim") never
        // collides with it: "can't bind socket ... Address already in use".
        String socket = "weft" + ProcessHandle.current().pid() + "x" + Integer.toHexString(dir.hashCode());
        ProcessBuilder ibsimBuilder = new ProcessBuilder("/usr/bin/ibsim", "-s", "-n", "-S",
                String.valueOf(t.switches().size() + 8), "-N", String.valueOf(nodes + 16), net.toString())
                .directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("ibsim.out").toFile());
        ibsimBuilder.environment().put("IBSIM_SOCKNAME", socket);
        Process ibsim = ibsimBuilder.start();
        try {
            waitForIbsim(dir.resolve("ibsim.out"), ibsim);
            ProcessBuilder pb = new ProcessBuilder("/usr/sbin/opensm", "-o", "-R", "lash,no_fallback", "-Q",
                    "-f", log.toString(), "-D", "0x43", "--dump_files_dir", dir.toString())
                    .directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("opensm.out").toFile());
            pb.environment().put("LD_PRELOAD", UMAD2SIM);
            pb.environment().put("IBSIM_SOCKNAME", socket);
            pb.environment().put("OSM_TMP_DIR", dir.toString());
            pb.environment().put("OSM_CACHE_DIR", dir.toString());
            long start = System.nanoTime();
            Process opensm = pb.start();
            boolean timedOut = !awaitVerdict(opensm, log, start + timeoutSeconds * 1_000_000_000L);
            double wall = (System.nanoTime() - start) / 1e9;
            stop(opensm);
            return parse(Files.exists(log) ? Files.readAllLines(log) : List.of(), timedOut, wall);
        } finally {
            stop(ibsim);
        }
    }

    /**
     * Waits until OpenSM exits or its log shows the routing verdict (tables configured, or an ERR line: with
     * {@code -o} a failing engine re-sweeps forever). Returns false on timeout.
     */
    private static boolean awaitVerdict(Process opensm, Path log, long deadline)
            throws IOException, InterruptedException {
        while (System.nanoTime() < deadline) {
            if (opensm.waitFor(100, TimeUnit.MILLISECONDS)) {
                return true;
            }
            if (Files.exists(log)) {
                String text = Files.readString(log);
                // ERR 4Dxx are osm_ucast_lash.c's errors, e.g. 4D02 "Lane requirements (9) exceed available lanes".
                if (text.contains("lash tables configured") || text.contains("ERR 4D")) {
                    opensm.waitFor(2, TimeUnit.SECONDS);
                    return true;
                }
            }
        }
        return false;
    }

    /** Stops a process this class started, by its handle. */
    private static void stop(Process p) throws InterruptedException {
        if (p.isAlive()) {
            p.destroy();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    private static void waitForIbsim(Path out, Process ibsim) throws IOException, InterruptedException {
        for (int i = 0; i < 200; i++) {
            if (!ibsim.isAlive()) {
                throw new IOException("ibsim exited: " + Files.readString(out));
            }
            if (Files.exists(out) && Files.readString(out).contains("MaxMcastCap")) {
                Thread.sleep(300);
                return;
            }
            Thread.sleep(50);
        }
        throw new IOException("ibsim did not come up within 10 s: " + out);
    }

    static Outcome parse(List<String> log, boolean timedOut, double wall) {
        double start = -1;
        double end = -1;
        double errorAt = -1;
        int layers = -1;
        String error = null;
        List<String> lines = new ArrayList<>(log);
        for (String line : lines) {
            double at = time(line);
            if (line.contains("discover_network_properties") && start < 0) {
                start = at;
            }
            if (line.contains("lash tables configured")) {
                end = at;
            }
            Matcher m = LANES_IN.matcher(line);
            if (m.find()) {
                layers = Math.max(layers, Integer.parseInt(m.group(1)) + 1);
            }
            m = NEEDED.matcher(line);
            if (m.find()) {
                layers = Math.max(layers, Integer.parseInt(m.group(1)));
            }
            m = ERR.matcher(line);
            if (m.find() && error == null && !line.contains("no_fallback")) {
                error = m.group(1);
                errorAt = at;
                Matcher x = EXCEED.matcher(line);
                if (x.find()) {
                    layers = Integer.parseInt(x.group(1));
                    error = "fails: needs " + x.group(1) + " > " + x.group(2) + " layers (ERR 4D02)";
                }
            }
        }
        if (end >= 0) {
            return new Outcome(layers, start >= 0 ? end - start : -1, wall, "ok");
        }
        if (error != null) {
            return new Outcome(layers, start >= 0 && errorAt >= 0 ? errorAt - start : -1, wall,
                    error.startsWith("fails") ? error : "fails: " + error);
        }
        return new Outcome(layers, -1, wall, timedOut ? "timeout" : "no routing result in the log");
    }

    private static double time(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return -1;
        }
        return Integer.parseInt(m.group(1)) * 3600 + Integer.parseInt(m.group(2)) * 60
                + Integer.parseInt(m.group(3)) + Integer.parseInt(m.group(4)) / 1e6;
    }
}
