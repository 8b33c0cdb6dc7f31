package weft.controller.rest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Who may call the API: a bearer token ({@code Authorization: Bearer TOKEN}, RFC 6750 §2.1), a client certificate
 * verified against the REST CA (mutual TLS), or both. Requests that change state always need one of them; reads
 * need one only when {@code reads} is set. Without a token and without client certificates, state-changing
 * requests are refused (403): Weft never serves writes unauthenticated.
 *
 * <p>Tokens come from a file or the environment, never from the command line (where {@code ps} shows them); a
 * token is 16 to 512 characters of RFC 6750's {@code b64token} alphabet. Tokens are compared in constant time.
 */
public final class RestAuth {
    /** Environment variable that may hold the token instead of a file. */
    public static final String TOKEN_ENV = "WEFT_REST_TOKEN";
    /** Shortest token accepted. */
    public static final int MIN_TOKEN_LENGTH = 16;
    private static final Pattern B64TOKEN = Pattern.compile("[A-Za-z0-9._~+/-]+=*");

    /** The outcome of a check. */
    public record Decision(int status, String principal, String problem) {
        /** True when the request may go on. */
        public boolean allowed() {
            return status == 0;
        }
    }

    private final byte[] tokenOrNull;
    private final boolean clientCertificates;
    private final boolean reads;

    private RestAuth(byte[] tokenOrNull, boolean clientCertificates, boolean reads) {
        this.tokenOrNull = tokenOrNull;
        this.clientCertificates = clientCertificates;
        this.reads = reads;
    }

    /** No credentials configured: reads are open, writes refused. */
    public static RestAuth none() {
        return new RestAuth(null, false, false);
    }

    /**
     * @param tokenOrNull        the bearer token, or null
     * @param clientCertificates true when clients with a certificate verified by the REST CA are authenticated
     * @param reads              true to require authentication on reads too
     */
    public static RestAuth of(String tokenOrNull, boolean clientCertificates, boolean reads) {
        if (tokenOrNull != null) {
            requireValidToken("token", tokenOrNull);
        }
        if (reads && tokenOrNull == null && !clientCertificates) {
            throw new IllegalArgumentException("authenticated reads need a token or client certificates");
        }
        return new RestAuth(tokenOrNull == null ? null : tokenOrNull.getBytes(StandardCharsets.US_ASCII),
                clientCertificates, reads);
    }

    /** True when writes can be authenticated at all. */
    public boolean writesEnabled() {
        return tokenOrNull != null || clientCertificates;
    }

    /** True when reads need authentication. */
    public boolean readsNeedAuth() {
        return reads;
    }

    /** True when a request with this method needs credentials. */
    public boolean needed(String method) {
        return RestEndpoint.mutating(method) || reads;
    }

    /**
     * Checks one request.
     *
     * @param method        HTTP method
     * @param authorization the {@code Authorization} header, or null
     * @param certSubject   the subject of the client's verified certificate, or null
     * @return allowed (status 0, with the principal), or the status (401, 403) and the problem
     */
    public Decision check(String method, String authorization, String certSubject) {
        if (!needed(method)) {
            return new Decision(0, null, null);
        }
        if (!writesEnabled()) {
            return new Decision(403, null, method + " changes state and this controller has no REST credentials "
                    + "configured (--rest-token-file, " + TOKEN_ENV + " or --rest-tls-ca)");
        }
        if (clientCertificates && certSubject != null) {
            return new Decision(0, certSubject, null);
        }
        if (authorization == null) {
            return new Decision(401, null, "no credentials (expected Authorization: Bearer TOKEN"
                    + (clientCertificates ? " or a client certificate" : "") + ")");
        }
        if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7) || tokenOrNull == null) {
            return new Decision(401, null, "unsupported Authorization scheme (expected Bearer)");
        }
        byte[] presented = authorization.substring(7).strip().getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(presented, tokenOrNull)) {
            return new Decision(401, null, "wrong bearer token");
        }
        return new Decision(0, "token", null);
    }

    /**
     * Reads a token file: its content, without surrounding white space, is the token. A file that others can
     * read is accepted with {@code warning} naming it (a token readable by every user is no secret).
     *
     * @param option  the option that named the file, for messages
     * @param warning receives one line when the file is readable by group or others
     * @throws IllegalArgumentException naming the option and file when it cannot be read or is not a token
     */
    public static String readTokenFile(String option, Path file, java.util.function.Consumer<String> warning) {
        String token;
        try {
            token = Files.readString(file, StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            throw new IllegalArgumentException(option + " " + file + ": cannot read: "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage()));
        }
        requireValidToken(option + " " + file, token);
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.contains(PosixFilePermission.GROUP_READ) || perms.contains(PosixFilePermission.OTHERS_READ)) {
                warning.accept(option + " " + file + " is readable by group or others; chmod 600 it");
            }
        } catch (IOException | UnsupportedOperationException e) {
            // no POSIX permissions to check
        }
        return token;
    }

    /** Checks that a token is long enough and of the bearer-token alphabet. */
    public static void requireValidToken(String what, String token) {
        if (token.isEmpty()) {
            throw new IllegalArgumentException(what + ": empty, expected the token");
        }
        if (token.length() < MIN_TOKEN_LENGTH || token.length() > 512) {
            throw new IllegalArgumentException(what + ": the token has " + token.length() + " characters, expected "
                    + MIN_TOKEN_LENGTH + " to 512 (e.g. openssl rand -hex 32)");
        }
        if (!B64TOKEN.matcher(token).matches()) {
            throw new IllegalArgumentException(what + ": the token may hold only letters, digits and - . _ ~ + / "
                    + "(then = padding)");
        }
    }
}
