package weft.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds and runs BookSim 2 (booksim/booksim2, BSD licence) from a source tree given on the command line: {@code make}
 * in its {@code src} directory (needs flex, bison and g++), then one process per configuration, under
 * {@code /usr/bin/time} for its CPU time. Weft never copies BookSim's code; this class only starts it and reads the
 * statistics it prints ({@code Packet latency average}, {@code Accepted flit rate average}, {@code Hops average},
 * {@code Time taken is N cycles}).
 */
final class BookSim {
    private static final Pattern LATENCY = Pattern.compile("Packet latency average = ([0-9.eE+-]+)");
    private static final Pattern ACCEPTED = Pattern.compile("Accepted flit rate average ?= ([0-9.eE+-]+)");
    private static final Pattern HOPS = Pattern.compile("Hops average = ([0-9.eE+-]+)");
    private static final Pattern CYCLES = Pattern.compile("Time taken is (\\d+) cycles");
    private static final Pattern CPU = Pattern.compile("^cpu ([0-9.]+) ([0-9.]+)$", Pattern.MULTILINE);

    /** How to get BookSim where it is missing. */
    static final String HOW_TO_GET = "get it with: git clone https://github.com/booksim/booksim2 DIR (Weft builds it "
            + "with make in DIR/src; needs g++, flex and bison), then pass --booksim DIR or set WEFT_BOOKSIM=DIR";

    private final Path binary;

    private BookSim(Path binary) {
        this.binary = binary;
    }

    /**
     * The BookSim of a source tree (the repository root or its {@code src}), built with {@code make} when its binary
     * is missing or {@code rebuild} is set.
     *
     * @throws IOException naming the directory, what is missing and how to get BookSim, or where the build's output is
     */
    static BookSim build(Path source, boolean rebuild) throws IOException, InterruptedException {
        if (!Files.isDirectory(source)) {
            throw new IOException("BookSim: " + source + " is not a directory; " + HOW_TO_GET);
        }
        Path src = Files.isDirectory(source.resolve("src")) ? source.resolve("src") : source;
        if (!Files.isRegularFile(src.resolve("Makefile")) || !Files.isRegularFile(src.resolve("booksim_config.cpp"))) {
            throw new IOException("BookSim: " + source + " is not a BookSim 2 source tree (no src/Makefile and "
                    + "src/booksim_config.cpp); " + HOW_TO_GET);
        }
        Path binary = src.resolve("booksim");
        if (rebuild || !Files.isExecutable(binary)) {
            Process make = new ProcessBuilder("make", "-j2").directory(src.toFile()).redirectErrorStream(true)
                    .redirectOutput(src.resolve("weft-build.log").toFile()).start();
            if (!make.waitFor(30, TimeUnit.MINUTES) || make.exitValue() != 0 || !Files.isExecutable(binary)) {
                throw new IOException("building BookSim in " + src + " failed (needs flex, bison, g++); see "
                        + src.resolve("weft-build.log"));
            }
        }
        return new BookSim(binary);
    }

    /**
     * What one BookSim run printed.
     *
     * @param stable   false when BookSim stopped the run as unstable (latency past its threshold, past saturation)
     * @param latency  packet latency average, cycles (NaN when not printed or unstable)
     * @param accepted accepted flit rate average, flits per node per cycle (of the last sample when unstable)
     * @param hops     routers crossed per packet, on average
     * @param cycles   simulated cycles
     * @param cpuSeconds user plus system CPU time of the process
     */
    record Result(boolean stable, double latency, double accepted, double hops, long cycles, double cpuSeconds) {
        /** Link traversals (injection, between routers, ejection) of all flits accepted, approximately. */
        double flitHops(int nodes) {
            return accepted * nodes * cycles * (hops + 1);
        }
    }

    /** Runs BookSim on a configuration text in {@code dir}, named {@code name}. */
    Result run(Path dir, String name, String config) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path cfg = dir.resolve(name + ".cfg");
        Path out = dir.resolve(name + ".out");
        Files.writeString(cfg, config);
        Process p = new ProcessBuilder("/usr/bin/time", "-f", "cpu %U %S", binary.toString(), cfg.toString())
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(2, TimeUnit.HOURS)) {
            p.destroyForcibly();
            throw new IOException("BookSim on " + cfg + " did not finish in 2 hours");
        }
        String text = Files.readString(out);
        if (!text.contains("Time taken") && !text.contains("Simulation unstable")) {
            throw new IOException("BookSim on " + cfg + " failed (exit " + p.exitValue() + "); see " + out);
        }
        Matcher cpu = CPU.matcher(text);
        double seconds = cpu.find() ? Double.parseDouble(cpu.group(1)) + Double.parseDouble(cpu.group(2)) : Double.NaN;
        boolean stable = !text.contains("Simulation unstable");
        return new Result(stable, stable ? last(LATENCY, text) : Double.NaN, last(ACCEPTED, text), last(HOPS, text),
                (long) last(CYCLES, text), seconds);
    }

    private static double last(Pattern p, String text) {
        Matcher m = p.matcher(text);
        double v = Double.NaN;
        while (m.find()) {
            v = Double.parseDouble(m.group(1));
        }
        return v;
    }
}
