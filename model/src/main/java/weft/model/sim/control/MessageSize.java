package weft.model.sim.control;

import java.util.random.RandomGenerator;

/**
 * The size of the messages (flows) hosts make, in packets: fixed (seed 001 §3: 8 packets of 256 B, 2 KB) or drawn
 * uniformly from a range (§4.4: 1 to 14 packets; the paper does not name the distribution, uniform is assumed).
 *
 * @param min fewest packets, at least 1
 * @param max most packets, at least {@code min}
 */
public record MessageSize(int min, int max) {
    /** Most packets in a message. */
    public static final int MAX_PACKETS = 4096;

    public MessageSize {
        if (min < 1 || max < min || max > MAX_PACKETS) {
            throw new IllegalArgumentException("message size " + min + ".." + max + " packets: expected 1 <= min <= "
                    + "max <= " + MAX_PACKETS);
        }
    }

    /** Every message {@code packets} long. */
    public static MessageSize fixed(int packets) {
        return new MessageSize(packets, packets);
    }

    /**
     * Reads {@code 8} or {@code 1-14}.
     *
     * @throws IllegalArgumentException naming the text
     */
    public static MessageSize parse(String text) {
        String t = text == null ? "" : text.trim();
        try {
            int dash = t.indexOf('-');
            return dash < 0 ? fixed(Integer.parseInt(t))
                    : new MessageSize(Integer.parseInt(t.substring(0, dash).trim()),
                    Integer.parseInt(t.substring(dash + 1).trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("message size '" + text + "': expected packets, e.g. 8, or a range, "
                    + "e.g. 1-14");
        }
    }

    /** The packets of the next message. */
    public int draw(RandomGenerator random) {
        return min == max ? min : min + random.nextInt(max - min + 1);
    }

    /** Mean packets per message. */
    public double mean() {
        return (min + max) / 2.0;
    }

    @Override
    public String toString() {
        return min == max ? Integer.toString(min) : min + "-" + max;
    }
}
