package weft.model.protocol;

/**
 * Text from the network made safe to log: control characters (a newline that would forge a log line, escape
 * sequences for a terminal) become escapes, and long text is cut. Every string a peer chose (a host id, an error
 * message, an address it claims) goes through {@link #of} before it reaches a log.
 */
public final class Printable {
    /** Most characters of one value written to a log. */
    public static final int MAX_CHARS = 160;

    private Printable() {
    }

    /**
     * {@code text} with {@code \n}, {@code \r}, {@code \t} and {@code \\} escaped, other control and format
     * characters as {@code \\uXXXX}, and everything past {@link #MAX_CHARS} replaced by a count; {@code null} for
     * null.
     */
    public static String of(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(Math.min(text.length(), MAX_CHARS) + 8);
        int i = 0;
        for (; i < text.length() && sb.length() < MAX_CHARS; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\\' -> sb.append("\\\\");
                default -> {
                    int type = Character.getType(c);
                    if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                            || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE
                            && !surrogatePair(text, i)) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        if (i < text.length()) {
            sb.append("...(").append(text.length() - i).append(" more chars)");
        }
        return sb.toString();
    }

    private static boolean surrogatePair(String s, int i) {
        char c = s.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
