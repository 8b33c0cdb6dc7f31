package weft.model.traffic;

/**
 * The table of synthetic traffic patterns by name, as the {@code --traffic} option spells them: {@code uniform},
 * {@code permutation}, {@code transpose}, {@code bitcomp}, {@code hotspot:FRACTION[:HOST]}, {@code incast:N},
 * {@code alltoall}, {@code perms:P}, {@code tenants:M[:random|:shuffled]}.
 */
public final class TrafficPatterns {
    /** The names, for messages. */
    public static final String NAMES = "uniform, permutation, transpose, bitcomp, hotspot:FRACTION[:HOST], incast:N, "
            + "alltoall, perms:P, tenants:M[:random|:shuffled]";

    private TrafficPatterns() {
    }

    /**
     * The pattern named by {@code spec} on {@code hosts} hosts; random permutations are drawn from {@code seed}.
     *
     * @throws IllegalArgumentException naming the spec and what is wrong with it
     */
    public static TrafficPattern parse(String spec, int hosts, long seed) {
        if (hosts < 1) {
            throw new IllegalArgumentException("traffic '" + spec + "': the fabric has no hosts");
        }
        String[] parts = spec.trim().split(":");
        try {
            return switch (parts[0]) {
                case "uniform" -> noArgument(spec, parts, new UniformRandom(hosts));
                case "permutation" -> noArgument(spec, parts, new Permutations(hosts, 1, seed));
                case "transpose" -> noArgument(spec, parts, new Transpose(hosts));
                case "bitcomp" -> noArgument(spec, parts, new BitComplement(hosts));
                case "alltoall" -> noArgument(spec, parts, new AllToAll(hosts));
                case "hotspot" -> new HotSpot(hosts, Double.parseDouble(argument(spec, parts, 1)),
                        parts.length > 2 ? integer(spec, parts[2]) : 0);
                case "incast" -> new Incast(hosts, integer(spec, argument(spec, parts, 1)));
                case "perms" -> new Permutations(hosts, integer(spec, argument(spec, parts, 1)), seed);
                case "tenants" -> new Tenants(hosts, integer(spec, argument(spec, parts, 1)),
                        tenantOrder(spec, parts), seed);
                default -> throw new IllegalArgumentException("unknown traffic '" + spec + "'; known: " + NAMES);
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("traffic '" + spec + "': the argument is not a number");
        }
    }

    /**
     * {@code tenants:M} sends to the members in turn, {@code tenants:M:shuffled} in turn in an order of each source's
     * own, {@code tenants:M:random} at random.
     */
    private static Tenants.Order tenantOrder(String spec, String[] parts) {
        if (parts.length == 2) {
            return Tenants.Order.IN_TURN;
        }
        if (parts.length == 3 && parts[2].trim().equals("random")) {
            return Tenants.Order.RANDOM;
        }
        if (parts.length == 3 && parts[2].trim().equals("shuffled")) {
            return Tenants.Order.SHUFFLED;
        }
        throw new IllegalArgumentException("traffic '" + spec + "': expected tenants:M, tenants:M:shuffled or "
                + "tenants:M:random");
    }

    private static TrafficPattern noArgument(String spec, String[] parts, TrafficPattern p) {
        if (parts.length > 1) {
            throw new IllegalArgumentException("traffic '" + spec + "': " + parts[0] + " takes no argument");
        }
        return p;
    }

    private static int integer(String spec, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("traffic '" + spec + "': '" + text + "' is not a whole number");
        }
    }

    private static String argument(String spec, String[] parts, int i) {
        if (parts.length <= i || parts[i].isBlank()) {
            throw new IllegalArgumentException("traffic '" + spec + "': " + parts[0] + " needs an argument ("
                    + NAMES + ")");
        }
        return parts[i];
    }
}
