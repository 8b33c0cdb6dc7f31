package weft.controller.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;
import weft.controller.crp.ReservationOptions;
import weft.model.crp.EgressPort;

/**
 * The options of the live Channel Reservation Protocol ({@code --reserve crp} and {@code --crp-*}) of
 * {@code weft controller run} (a picocli mixin); docs/crp.md explains each.
 */
public final class ReserveOptions {
    private static final Pattern PERCENT = Pattern.compile("(-?\\d+(?:\\.\\d+)?)%");

    @Option(names = "--reserve", description = "reservations for the critical resources: crp (seed 001's channel "
            + "reservation protocol; needs the agent registry); default: none")
    String reserve;

    @Option(names = "--crp-slot", defaultValue = "100us", description = "slot length (e.g. 100us, 10ms; default: "
            + "${DEFAULT-VALUE}); agents' clocks must agree within a tenth of it")
    String slot;

    @Option(names = "--crp-cells", defaultValue = "32", description = "slots per reservation table (2..64; default: "
            + "${DEFAULT-VALUE})")
    int cells;

    @Option(names = "--crp-headroom", defaultValue = "3%", description = "capacity each table holds back "
            + "(default: ${DEFAULT-VALUE}; negative overbooks)")
    String headroom;

    @Option(names = "--crp-epsilon", defaultValue = "3%", description = "every reservation is this much larger "
            + "than its data, for framing the tables do not count (default: ${DEFAULT-VALUE})")
    String epsilon;

    @Option(names = "--crp-rtt", description = "agent-controller round trip the grants must allow for (default: "
            + "300us, at most 30 slots)")
    String rtt;

    @Option(names = "--crp-min-bytes", defaultValue = "0", description = "N_min: smaller backlogs go unreserved "
            + "(default: a quarter of N_max)")
    long minBytes;

    @Option(names = "--crp-max-bytes", defaultValue = "0", description = "N_max: the most one request reserves "
            + "(default: one slot of the slowest critical resource)")
    long maxBytes;

    @Option(names = "--crp-outstanding", defaultValue = "2", description = "reservations a VOQ keeps alive at "
            + "once (default: ${DEFAULT-VALUE})")
    int outstanding;

    @Option(names = "--crp-max-live", defaultValue = "8", description = "live bookings a source may hold towards "
            + "one destination (default: ${DEFAULT-VALUE})")
    int maxLive;

    @Option(names = "--crp-tolerance", description = "clock error agents may have (default: a tenth of the slot)")
    String tolerance;

    @Option(names = "--crp-mark", description = "a link end SWITCH:PORT whose direction keeps a table although it is "
            + "not over-subscribed (repeatable)")
    List<String> marks = new ArrayList<>();

    @Option(names = "--crp-sntp-port", description = "UDP port on which the controller answers SNTP with the slots' "
            + "clock (default: the agent registry's port; 0: none, agents use their --sntp-server)")
    Integer sntpPort;

    /**
     * The reservation settings, or null without {@code --reserve}.
     *
     * @param registryPort the agent registry's port (the SNTP port's default)
     * @throws CliFailure (usage) naming the option and the value
     */
    public ReservationOptions options(int registryPort) {
        if (reserve == null) {
            return null;
        }
        if (!reserve.equals("crp")) {
            throw new CliFailure("--reserve " + reserve + ": expected crp", CliFailure.USAGE);
        }
        long slotNanos = Durations.nanos("--crp-slot", slot);
        Set<EgressPort> marked = new LinkedHashSet<>();
        for (String m : marks) {
            marked.add(CliFailure.parsing("--crp-mark", () -> EgressPort.parse(m)));
        }
        int sntp = sntpPort == null ? registryPort : sntpPort;
        try {
            ReservationOptions d = ReservationOptions.defaults(slotNanos);
            return new ReservationOptions(slotNanos, cells, ppm("--crp-headroom", headroom),
                    ppm("--crp-epsilon", epsilon), rtt == null ? d.rttNanos() : Durations.nanos("--crp-rtt", rtt),
                    minBytes, maxBytes, outstanding, maxLive, d.retryNanos(),
                    tolerance == null ? d.toleranceNanos() : Durations.nanos("--crp-tolerance", tolerance), marked,
                    sntp == 0 ? null : sntp);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.USAGE);
        }
    }

    /** A percentage ({@code 3%}, {@code -5%}) in parts per million. */
    static long ppm(String option, String text) {
        Matcher m = PERCENT.matcher(text.trim());
        if (!m.matches()) {
            throw new CliFailure(option + " must be a percentage such as 3%, got " + text, CliFailure.USAGE);
        }
        return Math.round(Double.parseDouble(m.group(1)) * 10_000);
    }
}
