package weft.model.topology.generate;

/**
 * The deterministic names and addresses every generator uses, so that a switch or host can be found from its
 * number alone.
 *
 * <ul>
 *   <li>Switch number {@code i} (0-based, the order of {@code Topology.switches()}) is named {@code s(i+1)} and
 *       has datapath id {@code dpidBase + i}.</li>
 *   <li>Host number {@code j} (0-based) is named {@code h(j+1)}; with {@code v = j + 1} its MAC is
 *       {@code 02:00:00:} followed by the three low bytes of {@code v}, and its IPv4 address is
 *       {@code 10.(v>>16).(v>>8 & 255).(v & 255)} (a {@code 10.0.0.0/8} network, as Mininet numbers hosts). So
 *       {@code h1} is {@code 02:00:00:00:00:01}, {@code 10.0.0.1} and {@code h256} is {@code 10.0.1.0}.</li>
 * </ul>
 *
 * <p>Decision: addresses count from 1 so that {@code h1} has {@code .1}; at most {@value #MAX_HOSTS} hosts fit the
 * 24 bits shared by MAC and IP.
 */
public final class Addressing {
    /** Largest host count the address plan holds: {@code 2^24 - 1}. */
    public static final int MAX_HOSTS = (1 << 24) - 1;

    private Addressing() {
    }

    /** The id of switch number {@code index} (0-based): {@code s1} for 0. */
    public static String switchId(int index) {
        return "s" + (index + 1);
    }

    /** The id of host number {@code index} (0-based): {@code h1} for 0. */
    public static String hostId(int index) {
        return "h" + (index + 1);
    }

    /** The MAC of host number {@code index} (0-based): {@code 02:00:00:00:00:01} for 0. */
    public static String mac(int index) {
        int v = checkedHostNumber(index);
        return String.format("02:00:00:%02x:%02x:%02x", (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
    }

    /** The IPv4 address of host number {@code index} (0-based): {@code 10.0.0.1} for 0. */
    public static String ip(int index) {
        int v = checkedHostNumber(index);
        return "10." + ((v >>> 16) & 0xff) + "." + ((v >>> 8) & 0xff) + "." + (v & 0xff);
    }

    private static int checkedHostNumber(int index) {
        if (index < 0 || index >= MAX_HOSTS) {
            throw new IllegalArgumentException("host index must be in 0.." + (MAX_HOSTS - 1) + ", got " + index);
        }
        return index + 1;
    }
}
