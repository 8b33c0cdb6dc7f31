package weft.controller.agentlink;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The shared secret of the agent channel, checked once when it is loaded: at least {@link #MIN_CHARS} printable
 * characters without spaces and at least {@link #MIN_BITS} bits by a generous estimate (length times log2 of the
 * number of distinct characters), so that a 1-character or {@code aaaa...} token is refused with a clear error.
 * Offered tokens are compared in constant time. {@link #toString} never shows it.
 */
public final class AgentToken {
    /** Fewest characters accepted. */
    public static final int MIN_CHARS = 16;
    /** Fewest estimated bits accepted: 32 hex digits ({@code openssl rand -hex 16}) have about 120. */
    public static final int MIN_BITS = 64;
    /** How to make a good token, for error messages. */
    public static final String HOW = "make one with: openssl rand -hex 16";

    private final byte[] secret;

    private AgentToken(byte[] secret) {
        this.secret = secret;
    }

    /**
     * Checks {@code token} and returns it as a token.
     *
     * @param source where it came from, for the error (e.g. {@code "--agent-token-file /etc/weft/agent-token"})
     * @throws IllegalArgumentException naming the source and the problem, never the token
     */
    public static AgentToken of(String token, String source) {
        if (token == null || token.isEmpty()) {
            throw new IllegalArgumentException(source + ": no agent token; " + HOW);
        }
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c <= ' ' || c == 0x7f) {
                throw new IllegalArgumentException(source + ": the agent token contains a space or control "
                        + "character at index " + i + ", expected printable characters only; " + HOW);
            }
        }
        if (token.length() < MIN_CHARS) {
            throw new IllegalArgumentException(source + ": the agent token has " + token.length() + " characters, "
                    + "expected at least " + MIN_CHARS + "; " + HOW);
        }
        long distinct = token.chars().distinct().count();
        double bits = token.length() * (Math.log(distinct) / Math.log(2));
        if (bits < MIN_BITS) {
            throw new IllegalArgumentException(source + ": the agent token is too predictable (" + distinct
                    + " distinct characters in " + token.length() + ", about " + (int) bits + " bits), expected at "
                    + "least " + MIN_BITS + " bits; " + HOW);
        }
        return new AgentToken(token.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code offered} is this token, in time independent of where they differ. */
    public boolean matches(String offered) {
        return offered != null && MessageDigest.isEqual(secret, offered.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "AgentToken(" + secret.length + " bytes)";
    }
}
