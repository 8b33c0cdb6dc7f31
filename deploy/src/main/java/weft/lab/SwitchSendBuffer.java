package weft.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The send buffer of ovs-vswitchd's packet socket. Its userspace datapath sends to every Linux port through one
 * unbound AF_PACKET socket, opened at its first such send with {@code net.core.wmem_default} as its send buffer and
 * kept for the life of the process. Every packet it sends is charged to that buffer until the port's qdisc has sent
 * it on (and, over a veth whose two ends are in the root namespace, until the switch at the other end has read it).
 * When the buffer is full, {@code sendmmsg} fails with EAGAIN and ovs-vswitchd discards the rest of its batch (up to
 * 32 packets) without counting them anywhere (docs/crp.md §9). With the default 208 KiB, one and a half full lab
 * queues ({@link EmulatedLink}) fill it.
 *
 * @param bytes  the buffer: the socket's own when it is open, else what it would get ({@code net.core.wmem_default})
 * @param opened whether ovs-vswitchd has opened the socket (it has sent to a Linux port since it started)
 */
public record SwitchSendBuffer(long bytes, boolean opened) {
    /** What Weft wants, and deploy/scripts/prereqs.sh sets: 4 MiB, 28 full lab queues of 1,500 B packets. */
    public static final long WANTED = 4L << 20;
    private static final Pattern SHARED = Pattern.compile("\\[0]:\\*.*\"ovs-vswitchd\".*,tb(\\d+),");
    private static final Path WMEM_DEFAULT = Path.of("/proc/sys/net/core/wmem_default");

    /** Reads the socket's buffer ({@code ss -0 -m -p}), or {@code net.core.wmem_default} when it is not open yet. */
    public static SwitchSendBuffer read() {
        Shell.Result ss = Shell.run(Duration.ofSeconds(10), null, "ss", "-0", "-m", "-p");
        return of(ss.ok() ? ss.stdout() : "", wmemDefault());
    }

    /**
     * {@code net.core.wmem_default}, read as one line: a sysctl file answers only a read from its start, so a reader
     * that takes it a byte at a time ({@code Files.readString}) gets its first digit alone.
     */
    static long wmemDefault() {
        try {
            return Long.parseLong(Files.readAllLines(WMEM_DEFAULT).get(0).trim());
        } catch (IOException | RuntimeException e) {
            throw new LabException("cannot read " + WMEM_DEFAULT + ": " + e.getMessage(), e);
        }
    }

    /** The buffer as {@code ss -0 -m -p} printed it, or {@code wmemDefault} when ovs-vswitchd's socket is not in it. */
    static SwitchSendBuffer of(String ss, long wmemDefault) {
        Matcher m = SHARED.matcher(ss);
        return m.find() ? new SwitchSendBuffer(Long.parseLong(m.group(1)), true)
                : new SwitchSendBuffer(wmemDefault, false);
    }

    /** A warning naming the setting to change when the buffer is below {@link #WANTED}; empty otherwise. */
    public Optional<String> warning() {
        if (bytes >= WANTED) {
            return Optional.empty();
        }
        String fix = "set net.core.wmem_default to at least " + WANTED + " (sysctl -w net.core.wmem_default="
                + WANTED + "; deploy/scripts/prereqs.sh does)";
        return Optional.of(opened
                ? "ovs-vswitchd's packet socket, through which its userspace datapath sends to every port, has a "
                        + bytes + " B send buffer (net.core.wmem_default when it first sent): while the lab's queues "
                        + "hold more than that, it discards packets and counts them nowhere; " + fix
                        + " and restart Open vSwitch (ovs-ctl restart)"
                : "net.core.wmem_default is " + bytes + " B: ovs-vswitchd's packet socket, through which its "
                        + "userspace datapath sends to every port, takes it as its send buffer at its first send, "
                        + "and while the lab's queues hold more than that, it discards packets and counts them "
                        + "nowhere; " + fix + " before it sends");
    }
}
