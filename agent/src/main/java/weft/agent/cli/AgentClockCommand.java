package weft.agent.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.agent.clock.SntpProbe;
import weft.model.crp.ClockOffset;
import weft.model.crp.SlotClock;
import weft.model.crp.SlotSync;

/**
 * {@code weft agent clock}: measures this host's clock offset from an SNTP server ({@link SntpProbe}) and says
 * whether it is good enough for CRP's time slots: the offset's error bound must stay within a tenth of a slot
 * ({@link SlotSync}). Exits 0 when it is, 1 when it is not or the server gave no usable answer.
 */
@Command(name = "clock", mixinStandardHelpOptions = true,
        description = "Measure the clock offset with SNTP and check it against CRP's slot tolerance.")
public final class AgentClockCommand implements Callable<Integer> {
    @Option(names = "--server", required = true, description = "SNTP server, HOST or HOST:PORT (port 123)")
    String server;
    @Option(names = "--samples", defaultValue = "4", description = "exchanges; the least-delay one counts "
            + "(default ${DEFAULT-VALUE})")
    int samples;
    @Option(names = "--timeout-ms", defaultValue = "1000", description = "wait per exchange (default "
            + "${DEFAULT-VALUE})")
    long timeoutMs;
    @Option(names = "--slot-us", defaultValue = "100", description = "CRP slot length in microseconds (default "
            + "${DEFAULT-VALUE})")
    long slotUs;
    @Option(names = "--drift-ppm", defaultValue = "100", description = "worst clock drift, for how long the "
            + "measurement stays good (default ${DEFAULT-VALUE})")
    long driftPpm;
    @Mixin
    ReportOutput output = new ReportOutput();

    /**
     * An SNTP server's {@code HOST[:PORT]} (port 123 when none is given).
     *
     * @throws IllegalArgumentException naming the text when the port is not a number in 1..65535
     */
    static InetSocketAddress server(String text) {
        int colon = text.lastIndexOf(':');
        String host = colon < 0 ? text : text.substring(0, colon);
        int port;
        try {
            port = colon < 0 ? 123 : Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (host.isEmpty() || port < 1 || port > 65535) {
            throw new IllegalArgumentException("SNTP server '" + text + "': expected HOST[:PORT] with a port in "
                    + "1..65535");
        }
        return new InetSocketAddress(host, port);
    }

    @Override
    public Integer call() throws Exception {
        InetSocketAddress at = server(server);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("server", server);
        int status;
        try {
            ClockOffset o = new SntpProbe(Duration.ofMillis(timeoutMs))
                    .measure(at, samples);
            SlotClock slots = SlotClock.of(slotUs * 1_000);
            SlotSync sync = new SlotSync(slots, o, driftPpm, SlotSync.defaultTolerance(slots));
            boolean usable = sync.usableAt(o.measuredAt());
            out.put("offset_ns", o.offset());
            out.put("error_ns", o.error());
            out.put("tolerance_ns", sync.tolerance());
            out.put("usable", usable);
            out.put("usable_for_ms", usable ? (sync.usableUntil() - o.measuredAt()) / 1_000_000 : 0);
            status = usable ? 0 : 1;
        } catch (IOException e) {
            out.put("error", e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            status = 1;
        }
        output.print(out, "", 14);
        return status;
    }
}
