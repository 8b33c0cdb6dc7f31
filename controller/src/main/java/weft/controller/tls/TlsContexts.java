package weft.controller.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

/**
 * The one TLS context builder of Weft: servers (OpenFlow, agent channel, REST) and clients (agents,
 * {@code weft rates set}) are built here from PEM files, so every endpoint checks its files the same way.
 *
 * <p>At build time it refuses: a file that cannot be read or holds no PEM block of the expected kind; an
 * encrypted, PKCS#1 or SEC1 key (with the {@code openssl pkcs8} command that converts it); a certificate that is
 * expired or not yet valid; a private key that does not belong to the leaf certificate (checked by signing a
 * challenge with the key and verifying it with the certificate's public key, RFC 8446 §4.4.3); an empty CA
 * bundle. Every message names the option, the file and the problem.
 *
 * <p>Servers ask for client certificates only when a CA is given: {@link ClientAuth#REQUIRE} for switches and
 * agents (mutual TLS, OpenFlow 1.3.5 §6.3.3), {@link ClientAuth#OPTIONAL} for REST (a client certificate is one
 * way to authenticate, a bearer token the other). Clients verify the server's host name against its certificate
 * (RFC 6125 §6, the JDK's {@code HTTPS} endpoint identification).
 */
public final class TlsContexts {
    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----\\s*([A-Za-z0-9+/=\\s]*?)-----END \\1-----");
    private static final byte[] CHALLENGE = "weft: key matches certificate".getBytes(StandardCharsets.US_ASCII);

    private TlsContexts() {
    }

    /**
     * A server context presenting {@code files.cert()}: with a CA it asks clients for a certificate chaining to
     * it, and {@code clientAuth} says whether one is required or optional.
     *
     * @throws TlsException naming the option, file and problem
     */
    public static SslContext server(TlsFiles files, ClientAuth clientAuth) {
        if (files.cert() == null) {
            throw new TlsException(files.option() + "-cert is required for a TLS server");
        }
        List<X509Certificate> chain = certificates(files.option() + "-cert", files.cert());
        PrivateKey key = privateKey(files.option() + "-key", files.key());
        requireMatch(files, chain.get(0), key);
        try {
            SslContextBuilder b = SslContextBuilder.forServer(key, chain);
            if (files.caOrNull() != null) {
                b.trustManager(certificates(files.option() + "-ca", files.caOrNull())).clientAuth(clientAuth);
            }
            return b.build();
        } catch (SSLException e) {
            throw new TlsException(files.option() + ": cannot build the TLS context from " + files.cert() + " and "
                    + files.key() + ": " + e.getMessage());
        }
    }

    /**
     * A client context: trusts {@code files.caOrNull()} (or the JDK's CAs without one), presents
     * {@code files.cert()} when given (for servers that require client certificates) and verifies host names.
     *
     * @throws TlsException naming the option, file and problem
     */
    public static SslContext client(TlsFiles files) {
        try {
            SslContextBuilder b = SslContextBuilder.forClient().endpointIdentificationAlgorithm("HTTPS");
            if (files.caOrNull() != null) {
                b.trustManager(certificates(files.option() + "-ca", files.caOrNull()));
            }
            if (files.cert() != null) {
                List<X509Certificate> chain = certificates(files.option() + "-cert", files.cert());
                PrivateKey key = privateKey(files.option() + "-key", files.key());
                requireMatch(files, chain.get(0), key);
                b.keyManager(key, chain);
            }
            return b.build();
        } catch (SSLException e) {
            throw new TlsException(files.option() + ": cannot build the TLS client context: " + e.getMessage());
        }
    }

    /** A client handler for {@code host:port}: the host is what the server's certificate is checked against. */
    public static SslHandler clientHandler(SslContext client, ByteBufAllocator alloc, String host, int port) {
        return client.newHandler(alloc, host, port);
    }

    /** The subject of the peer's verified certificate, or null when the peer presented none. */
    public static String peerSubject(SSLSession session) {
        try {
            java.security.cert.Certificate[] peer = session.getPeerCertificates();
            return peer.length > 0 && peer[0] instanceof X509Certificate x
                    ? x.getSubjectX500Principal().getName() : null;
        } catch (javax.net.ssl.SSLPeerUnverifiedException e) {
            return null;
        }
    }

    /** Reads the certificates of a PEM file, refusing an empty file and certificates outside their validity. */
    static List<X509Certificate> certificates(String option, Path file) {
        byte[] bytes = read(option, file);
        List<X509Certificate> out = new ArrayList<>();
        try {
            for (java.security.cert.Certificate c : CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(bytes))) {
                out.add((X509Certificate) c);
            }
        } catch (CertificateException e) {
            throw new TlsException(option + " " + file + ": not a PEM certificate file: " + e.getMessage());
        }
        if (out.isEmpty()) {
            throw new TlsException(option + " " + file + ": no certificate (expected -----BEGIN CERTIFICATE-----)");
        }
        Date now = Date.from(Instant.now());
        for (X509Certificate c : out) {
            try {
                c.checkValidity(now);
            } catch (CertificateExpiredException e) {
                throw new TlsException(option + " " + file + ": certificate " + c.getSubjectX500Principal().getName()
                        + " expired on " + c.getNotAfter().toInstant());
            } catch (CertificateNotYetValidException e) {
                throw new TlsException(option + " " + file + ": certificate " + c.getSubjectX500Principal().getName()
                        + " is not valid before " + c.getNotBefore().toInstant());
            }
        }
        return out;
    }

    /** Reads an unencrypted PKCS#8 PEM private key (RSA, EC or EdDSA). */
    static PrivateKey privateKey(String option, Path file) {
        String text = new String(read(option, file), StandardCharsets.US_ASCII);
        Matcher m = PEM.matcher(text);
        while (m.find()) {
            String kind = m.group(1);
            switch (kind) {
                case "PRIVATE KEY" -> {
                    return pkcs8(option, file, Base64.getMimeDecoder().decode(m.group(2)));
                }
                case "RSA PRIVATE KEY", "EC PRIVATE KEY" -> throw new TlsException(option + " " + file + ": "
                        + kind + " is not PKCS#8; convert it with: openssl pkcs8 -topk8 -nocrypt -in " + file
                        + " -out KEY.pem");
                case "ENCRYPTED PRIVATE KEY" -> throw new TlsException(option + " " + file
                        + ": the key is encrypted; store it unencrypted (readable by the service user only): "
                        + "openssl pkcs8 -topk8 -nocrypt -in " + file + " -out KEY.pem");
                default -> {
                    // a certificate or parameters in the same file: keep looking for the key
                }
            }
        }
        throw new TlsException(option + " " + file + ": no private key (expected -----BEGIN PRIVATE KEY-----)");
    }

    private static PrivateKey pkcs8(String option, Path file, byte[] der) {
        for (String algorithm : List.of("RSA", "EC", "Ed25519", "Ed448")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // not this algorithm: try the next
            }
        }
        throw new TlsException(option + " " + file + ": not an RSA, EC or EdDSA PKCS#8 private key");
    }

    /** Signs a challenge with the key and verifies it with the certificate: they belong together or we refuse. */
    private static void requireMatch(TlsFiles files, X509Certificate leaf, PrivateKey key) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm();
        };
        boolean matches;
        try {
            Signature sign = Signature.getInstance(algorithm);
            sign.initSign(key);
            sign.update(CHALLENGE);
            byte[] signature = sign.sign();
            Signature verify = Signature.getInstance(algorithm);
            verify.initVerify(leaf.getPublicKey());
            verify.update(CHALLENGE);
            matches = verify.verify(signature);
        } catch (GeneralSecurityException e) {
            matches = false;
        }
        if (!matches) {
            throw new TlsException(files.option() + "-key " + files.key() + " does not match the certificate "
                    + leaf.getSubjectX500Principal().getName() + " in " + files.option() + "-cert " + files.cert()
                    + " (" + key.getAlgorithm() + " key, " + leaf.getPublicKey().getAlgorithm() + " certificate)");
        }
    }

    private static byte[] read(String option, Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new TlsException(option + " " + file + ": cannot read: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()));
        }
    }
}
