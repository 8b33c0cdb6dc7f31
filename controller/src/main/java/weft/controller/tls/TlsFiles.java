package weft.controller.tls;

import java.io.File;
import java.nio.file.Path;

/**
 * The PEM files of one TLS endpoint, with the option name they came from (for error messages).
 *
 * @param option   the option prefix that named them, e.g. {@code --tls} or {@code --rest-tls}
 * @param cert     certificate chain, leaf first; null for a client that presents no certificate
 * @param key      PKCS#8 private key of the leaf certificate; null exactly when {@code cert} is
 * @param caOrNull CA bundle that peers' certificates must chain to, or null: a server then asks for no client
 *                 certificate, a client trusts the JDK's default CAs
 */
public record TlsFiles(String option, Path cert, Path key, Path caOrNull) {
    public TlsFiles {
        if (option == null || option.isBlank()) {
            throw new IllegalArgumentException("option must name the TLS options, got " + option);
        }
        if ((cert == null) != (key == null)) {
            throw new TlsException(option + "-cert and " + option + "-key go together, got "
                    + (cert == null ? "only " + option + "-key " + key : "only " + option + "-cert " + cert));
        }
    }

    /** A server endpoint with certificate and key, optionally asking clients for certificates signed by a CA. */
    public static TlsFiles server(String option, Path cert, Path key, Path caOrNull) {
        if (cert == null) {
            throw new TlsException(option + "-cert is required for TLS" + (caOrNull == null ? ""
                    : " (" + option + "-ca " + caOrNull + " was given)"));
        }
        return new TlsFiles(option, cert, key, caOrNull);
    }

    /** {@link #server(String, Path, Path, Path)} for the files of command-line options, any of them null. */
    public static TlsFiles server(String option, File cert, File key, File caOrNull) {
        return server(option, path(cert), path(key), path(caOrNull));
    }

    private static Path path(File f) {
        return f == null ? null : f.toPath();
    }
}
