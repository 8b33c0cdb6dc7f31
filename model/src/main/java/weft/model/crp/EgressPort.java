package weft.model.crp;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A directed channel of a live fabric, named by the switch port that drives it: a host-facing port (the
 * destination's ejection channel) or one end of a switch link. The live form's reservation tables are keyed by it
 * (seed 001 §2.1: "each router maintains a table for each output port that drives a potential bottleneck channel").
 *
 * @param switchId the switch
 * @param port     its port number, positive
 */
public record EgressPort(String switchId, int port) implements Comparable<EgressPort> {
    private static final Pattern TEXT = Pattern.compile("([^:\\s]+):(\\d{1,9})");

    public EgressPort {
        if (switchId == null || switchId.isBlank()) {
            throw new IllegalArgumentException("egress port: switch id is required");
        }
        if (port < 1) {
            throw new IllegalArgumentException("egress port " + switchId + ": port " + port + ", expected >= 1");
        }
    }

    /**
     * Reads {@code switch:port}.
     *
     * @throws IllegalArgumentException naming the text when it is not {@code switch:port}
     */
    public static EgressPort parse(String text) {
        Matcher m = TEXT.matcher(text == null ? "" : text.trim());
        if (!m.matches() || Integer.parseInt(m.group(2)) < 1) {
            throw new IllegalArgumentException("egress port '" + text + "': expected SWITCH:PORT, e.g. s1:9");
        }
        return new EgressPort(m.group(1), Integer.parseInt(m.group(2)));
    }

    @Override
    public int compareTo(EgressPort o) {
        int c = switchId.compareTo(o.switchId);
        return c != 0 ? c : Integer.compare(port, o.port);
    }

    @Override
    public String toString() {
        return switchId + ":" + port;
    }
}
