package weft.agent.control;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import javax.net.ssl.SSLException;

/**
 * The agent's TLS client for the control channel: trusts the CA that signed the controller's certificate, checks
 * that certificate against the host name or address the agent connects to ({@code --controller}; RFC 6125, the
 * JDK's {@code HTTPS} endpoint identification), and presents the agent's own certificate when the controller asks
 * for one (mutual TLS, {@code weft controller run --agent-tls-ca}). The controller's listeners are built by the
 * controller's TLS builder; this is the client half, in the agent's own module.
 */
public final class ControlTls {
    private ControlTls() {
    }

    /**
     * @param ca         PEM CA bundle ({@code --tls-ca})
     * @param certOrNull PEM certificate chain of this agent ({@code --tls-cert}), or null
     * @param keyOrNull  PKCS#8 PEM key of {@code certOrNull} ({@code --tls-key}), or null
     * @throws IllegalArgumentException naming the option and the file when a file cannot be used
     */
    public static SslContext client(File ca, File certOrNull, File keyOrNull) {
        if ((certOrNull == null) != (keyOrNull == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together, got "
                    + (certOrNull == null ? "only --tls-key " + keyOrNull : "only --tls-cert " + certOrNull));
        }
        SslContextBuilder b = SslContextBuilder.forClient().endpointIdentificationAlgorithm("HTTPS");
        try {
            b.trustManager(ca);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--tls-ca " + ca + ": " + e.getMessage(), e);
        }
        if (certOrNull != null) {
            try {
                b.keyManager(certOrNull, keyOrNull);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--tls-cert " + certOrNull + " / --tls-key " + keyOrNull + ": "
                        + e.getMessage(), e);
            }
        }
        try {
            return b.build();
        } catch (SSLException e) {
            throw new IllegalArgumentException("--tls-ca " + ca + (certOrNull == null ? "" : ", --tls-cert "
                    + certOrNull) + ": " + e.getMessage(), e);
        }
    }
}
