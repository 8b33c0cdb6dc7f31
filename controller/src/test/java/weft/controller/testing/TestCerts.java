package weft.controller.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test certificates made by the real {@code openssl} command in a directory: a CA, a server certificate for
 * {@code localhost}/127.0.0.1 and a client certificate, both signed by the CA, and a second key that matches
 * neither. Keys are PKCS#8 PEM, as Weft reads them.
 */
public final class TestCerts {
    public final Path caCert;
    public final Path serverCert;
    public final Path serverKey;
    public final Path clientCert;
    public final Path clientKey;
    public final Path otherKey;

    private TestCerts(Path dir) {
        caCert = dir.resolve("ca.pem");
        serverCert = dir.resolve("server.pem");
        serverKey = dir.resolve("server-key.pem");
        clientCert = dir.resolve("client.pem");
        clientKey = dir.resolve("client-key.pem");
        otherKey = dir.resolve("other-key.pem");
    }

    /** Makes the files in {@code dir} (a few hundred milliseconds of openssl). */
    public static TestCerts make(Path dir) throws IOException, InterruptedException {
        TestCerts c = new TestCerts(dir);
        Path caKey = dir.resolve("ca-key.pem");
        openssl(dir, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey.toString(), "-out",
                c.caCert.toString(), "-days", "2", "-subj", "/CN=weft test CA");
        Path ext = dir.resolve("san.ext");
        Files.writeString(ext, "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
        signed(dir, caKey, c.caCert, c.serverKey, c.serverCert, "/CN=localhost", ext);
        signed(dir, caKey, c.caCert, c.clientKey, c.clientCert, "/CN=weft-operator", null);
        openssl(dir, "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out",
                c.otherKey.toString());
        return c;
    }

    private static void signed(Path dir, Path caKey, Path caCert, Path key, Path cert, String subject, Path ext)
            throws IOException, InterruptedException {
        Path csr = dir.resolve(key.getFileName() + ".csr");
        openssl(dir, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", key.toString(), "-out", csr.toString(),
                "-subj", subject);
        List<String> args = new ArrayList<>(List.of("x509", "-req", "-in", csr.toString(), "-CA", caCert.toString(),
                "-CAkey", caKey.toString(), "-CAcreateserial", "-out", cert.toString(), "-days", "2"));
        if (ext != null) {
            args.addAll(List.of("-extfile", ext.toString()));
        }
        openssl(dir, args.toArray(String[]::new));
    }

    /** A self-signed certificate and its key (PEM files). */
    public record SelfSigned(File cert, File key) {
    }

    /** A self-signed certificate for common name {@code cn} and its key, made by openssl in {@code dir}. */
    public static SelfSigned selfSigned(Path dir, String cn) throws IOException, InterruptedException {
        SelfSigned s = new SelfSigned(dir.resolve("cert.pem").toFile(), dir.resolve("key.pem").toFile());
        openssl(dir, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", s.key().getPath(), "-out",
                s.cert().getPath(), "-days", "1", "-subj", "/CN=" + cn);
        return s;
    }

    /** Runs openssl in {@code dir}; fails with its output when it exits non-zero. */
    public static void openssl(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("openssl"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out);
        }
    }
}
