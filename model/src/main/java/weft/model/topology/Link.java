package weft.model.topology;

/**
 * A full-duplex cable between two switch ports; parallel links between the same switches are allowed.
 *
 * @param a         one switch
 * @param aPort     its port
 * @param b         the other switch
 * @param bPort     its port
 * @param gbps      capacity of each direction in Gbit/s
 * @param latencyUs one-way latency of each direction in microseconds
 */
public record Link(String a, int aPort, String b, int bPort, double gbps, double latencyUs) {
    /** Default one-way latency when a file or generator gives none: one microsecond. */
    public static final double DEFAULT_LATENCY_US = 1.0;

    public Link {
        if (!(gbps > 0) || Double.isInfinite(gbps)) {
            throw new IllegalArgumentException("link " + a + ":" + aPort + "-" + b + ":" + bPort
                    + ": gbps must be a positive number, got " + gbps);
        }
        if (!(latencyUs >= 0) || Double.isInfinite(latencyUs)) {
            throw new IllegalArgumentException("link " + a + ":" + aPort + "-" + b + ":" + bPort
                    + ": latency_us must be >= 0, got " + latencyUs);
        }
    }

    /** A link with the default latency. */
    public Link(String a, int aPort, String b, int bPort, double gbps) {
        this(a, aPort, b, bPort, gbps, DEFAULT_LATENCY_US);
    }

    /**
     * The cable this link is, whichever end is {@code a}: {@code "s1:2-s3:3"}, the end that sorts first first. Two
     * links that join the same two ports, in either direction, have the same cable.
     */
    public String cable() {
        String x = a + ":" + aPort;
        String y = b + ":" + bPort;
        return x.compareTo(y) < 0 ? x + "-" + y : y + "-" + x;
    }
}
