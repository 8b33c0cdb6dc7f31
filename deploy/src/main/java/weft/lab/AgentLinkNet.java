package weft.lab;

import java.time.Duration;
import java.util.List;

/**
 * The /16 a lab numbers its agent links from, chosen so that no address or route of the machine's root namespace
 * falls inside it.
 *
 * <p>An agent link's root end holds an address in the root namespace, so a lab must not reuse a prefix the machine
 * already routes: were the machine's own interface or gateway inside it, the registry's answers to an agent would
 * go to that interface instead of the agent's namespace and the agent would never connect. The candidates are the
 * two /16s RFC 2544 sets aside for benchmarking network equipment (198.18/15), then the 64 /16s of the shared
 * address space of RFC 6598 (100.64/10); the first candidate no root-namespace route or address overlaps wins.
 * Another lab that is up holds routes to its own agent links, so two labs never share a prefix either.
 */
public final class AgentLinkNet {
    private static final int[][] CANDIDATES = candidates();

    private AgentLinkNet() {
    }

    /**
     * The first two octets of the first candidate /16 that none of the routes overlaps.
     *
     * @param routeLines lines of {@code ip -4 route show table all} (local and broadcast entries included)
     * @return {@code "198.18."} and the like
     * @throws LabException when every candidate is in use
     */
    public static String pick(List<String> routeLines) {
        for (int[] c : CANDIDATES) {
            int net = (c[0] << 24) | (c[1] << 16);
            boolean free = true;
            for (String line : routeLines) {
                long[] dst = destination(line);
                if (dst != null && overlaps(net, 16, (int) dst[0], (int) dst[1])) {
                    free = false;
                    break;
                }
            }
            if (free) {
                return c[0] + "." + c[1] + ".";
            }
        }
        throw new LabException("no free /16 for agent links: the machine routes all of 198.18.0.0/15 and "
                + "100.64.0.0/10");
    }

    /** {@link #pick} on this machine's root-namespace routes. */
    public static String pickHere() {
        return pick(Shell.check(Duration.ofSeconds(10), null, "ip", "-4", "route", "show", "table", "all")
                .stdout().lines().toList());
    }

    /**
     * The destination of a route line as {address, prefix length}, or null for a default route or a line that
     * names none. A line may start with a route type ({@code local}, {@code broadcast}, ...).
     */
    static long[] destination(String line) {
        String[] words = line.strip().split("\\s+");
        int i = 0;
        if (words.length > 1 && List.of("unicast", "local", "broadcast", "multicast", "anycast", "blackhole",
                "unreachable", "prohibit", "throw", "nat").contains(words[0])) {
            i = 1;
        }
        if (words.length <= i || words[i].isEmpty() || words[i].equals("default")) {
            return null;
        }
        String[] parts = words[i].split("/", 2);
        String[] octets = parts[0].split("\\.");
        if (octets.length != 4) {
            return null;
        }
        try {
            int addr = 0;
            for (String o : octets) {
                int v = Integer.parseInt(o);
                if (v < 0 || v > 255) {
                    return null;
                }
                addr = (addr << 8) | v;
            }
            int len = parts.length == 2 ? Integer.parseInt(parts[1]) : 32;
            return len < 1 || len > 32 ? null : new long[] {addr, len};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean overlaps(int a, int aLen, int b, int bLen) {
        int len = Math.min(aLen, bLen);
        int mask = len == 0 ? 0 : -1 << (32 - len);
        return (a & mask) == (b & mask);
    }

    private static int[][] candidates() {
        int[][] c = new int[2 + 64][];
        c[0] = new int[] {198, 18};
        c[1] = new int[] {198, 19};
        for (int k = 0; k < 64; k++) {
            c[2 + k] = new int[] {100, 64 + k};
        }
        return c;
    }
}
