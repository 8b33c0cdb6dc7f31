package weft.controller.ha;

import java.util.Objects;

/**
 * A rate set by hand ({@code weft rates set}) as the cluster keeps it: state namespace {@value #NAMESPACE}, key
 * {@link #key()}. Written by the master before it answers the request, read by the next master when it takes
 * over, so an accepted rate is never lost with the controller that accepted it.
 *
 * @param src           source host
 * @param dst           destination host
 * @param bitsPerSecond the rate
 * @param policy        the path policy the rate goes with
 */
public record HandSetRate(String src, String dst, long bitsPerSecond, String policy) {
    /** The state store namespace of hand-set rates. */
    public static final String NAMESPACE = "hand-set-rates";

    public HandSetRate {
        Objects.requireNonNull(src, "src");
        Objects.requireNonNull(dst, "dst");
    }

    /** The state key of a pair: {@code src@dst}. */
    public static String key(String src, String dst) {
        return src + "@" + dst;
    }

    public String key() {
        return key(src, dst);
    }
}
