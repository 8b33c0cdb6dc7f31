package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.controller.openflow.OfServer;
import weft.controller.openflow.SessionConfig;
import weft.controller.openflow.SwitchListener;
import weft.controller.openflow.SwitchSession;
import weft.controller.tls.TlsFiles;

/**
 * Mutual TLS between a real OVS bridge and the controller's OpenFlow listener with {@code --tls-ca}: a switch
 * whose certificate another CA signed never gets a session; with a certificate the CA signed it completes the
 * handshake. Certificates are made by openssl in {@code target/lab/OpenFlowTlsLabTest/}; the bridge and OVS's SSL
 * settings are removed afterwards.
 */
@Tag("lab")
class OpenFlowTlsLabTest {
    private static final String BRIDGE = "wltls0";
    private static final long DPID = 0x574546544c530001L;

    private static void openssl(String... args) {
        List<String> cmd = new ArrayList<>(List.of("openssl"));
        cmd.addAll(List.of(args));
        Shell.check(Duration.ofSeconds(60), null, cmd.toArray(String[]::new));
    }

    /** A key and a certificate for {@code subject} signed by the CA ({@code ca}-key.pem, {@code ca}.pem). */
    private static void signed(Path dir, String ca, String name, String subject) throws Exception {
        Path ext = Files.writeString(dir.resolve(name + ".ext"), "subjectAltName=IP:127.0.0.1\n");
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", dir.resolve(name + "-key.pem").toString(),
                "-out", dir.resolve(name + ".csr").toString(), "-subj", subject);
        openssl("x509", "-req", "-in", dir.resolve(name + ".csr").toString(), "-CA",
                dir.resolve(ca + ".pem").toString(), "-CAkey", dir.resolve(ca + "-key.pem").toString(),
                "-CAcreateserial", "-out", dir.resolve(name + ".pem").toString(), "-days", "2", "-extfile",
                ext.toString());
    }

    @Test
    @DisplayName("operator review: with --tls-ca a real OVS switch is asked for its certificate: one from another "
            + "CA gets no session, one the CA signed completes the handshake")
    void switchCertificatesRequired() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "lab", "OpenFlowTlsLabTest"));
        for (String ca : List.of("ca", "rogue-ca")) {
            openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                    dir.resolve(ca + "-key.pem").toString(), "-out", dir.resolve(ca + ".pem").toString(), "-days",
                    "2", "-subj", "/CN=" + ca);
        }
        signed(dir, "ca", "controller", "/CN=127.0.0.1");
        signed(dir, "ca", "switch", "/CN=" + BRIDGE);
        signed(dir, "rogue-ca", "rogue", "/CN=" + BRIDGE);
        List<SwitchSession> ready = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<SwitchSession> first = new CompletableFuture<>();
        SwitchListener listener = new SwitchListener() {
            @Override
            public void switchReady(SwitchSession session) {
                ready.add(session);
                first.complete(session);
            }

            @Override
            public void switchDisconnected(SwitchSession session) {
            }
        };
        Shell.run(Duration.ofSeconds(30), null, "ovs-vsctl", "--if-exists", "del-br", BRIDGE);
        try (OfServer server = OfServer.tls(new InetSocketAddress("127.0.0.1", 0), TlsFiles.server("--tls",
                dir.resolve("controller.pem"), dir.resolve("controller-key.pem"), dir.resolve("ca.pem")),
                SessionConfig.defaults(), listener)) {
            Shell.check("ovs-vsctl", "set-ssl", dir.resolve("rogue-key.pem").toAbsolutePath().toString(),
                    dir.resolve("rogue.pem").toAbsolutePath().toString(),
                    dir.resolve("ca.pem").toAbsolutePath().toString());
            Shell.check("ovs-vsctl", "--", "add-br", BRIDGE, "--", "set", "bridge", BRIDGE, "datapath_type=netdev",
                    "protocols=OpenFlow13", "fail_mode=secure", "other-config:datapath-id=" + String.format("%016x",
                            DPID), "other-config:disable-in-band=true", "--", "set-controller", BRIDGE,
                    "ssl:127.0.0.1:" + server.port(), "--", "set", "controller", BRIDGE, "max_backoff=1000");
            // the switch has tried and been refused once OVS records the connection's error for the controller
            String target = "ssl:127.0.0.1:" + server.port();
            LabScripts.await("OVS to record a failed connection to " + target, () -> Shell.check("ovs-vsctl",
                    "--format=csv", "--columns=target,status", "list", "controller").stdout().lines()
                    .anyMatch(l -> l.contains(target) && l.contains("last_error")), 30);
            assertThat(ready).as("sessions of a switch whose certificate another CA signed").isEmpty();
            Shell.check("ovs-vsctl", "set-ssl", dir.resolve("switch-key.pem").toAbsolutePath().toString(),
                    dir.resolve("switch.pem").toAbsolutePath().toString(),
                    dir.resolve("ca.pem").toAbsolutePath().toString());
            SwitchSession s = first.get(30, TimeUnit.SECONDS);
            assertThat(s.dpid()).isEqualTo(DPID);
            assertThat(ready).hasSize(1);
        } finally {
            Shell.run(Duration.ofSeconds(30), null, "ovs-vsctl", "--if-exists", "del-br", BRIDGE);
            Shell.run(Duration.ofSeconds(30), null, "ovs-vsctl", "del-ssl");
        }
    }
}
