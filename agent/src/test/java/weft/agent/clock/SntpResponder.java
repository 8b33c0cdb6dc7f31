package weft.agent.clock;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.time.Instant;
import java.util.function.Consumer;
import org.apache.commons.net.ntp.NtpV3Impl;
import org.apache.commons.net.ntp.NtpV3Packet;
import org.apache.commons.net.ntp.TimeStamp;

/**
 * A tiny SNTP server for tests, on 127.0.0.1 and a port the kernel picks: it answers every request as RFC 4330 §5
 * describes, with its clock shifted by a given offset, after letting the test tamper with the reply.
 */
public final class SntpResponder implements AutoCloseable {
    private final DatagramSocket socket;
    private final Thread thread;

    /**
     * @param offsetNanos how far the server's clock is ahead of the system clock
     * @param tamper      changes each reply before it goes (bad answers)
     */
    public SntpResponder(long offsetNanos, Consumer<NtpV3Packet> tamper) throws SocketException {
        socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        thread = new Thread(() -> serve(offsetNanos, tamper), "sntp-responder");
        thread.setDaemon(true);
        thread.start();
    }

    private void serve(long offsetNanos, Consumer<NtpV3Packet> tamper) {
        byte[] buf = new byte[48];
        try {
            while (true) {
                DatagramPacket in = new DatagramPacket(buf, buf.length);
                socket.receive(in);
                NtpV3Impl request = new NtpV3Impl();
                request.setDatagramPacket(in);
                TimeStamp received = ntp(nowNanos() + offsetNanos);
                NtpV3Impl reply = new NtpV3Impl();
                reply.setMode(NtpV3Packet.MODE_SERVER);
                reply.setVersion(request.getVersion());
                reply.setStratum(2);
                reply.setLeapIndicator(NtpV3Packet.LI_NO_WARNING);
                reply.setOriginateTimeStamp(request.getTransmitTimeStamp());
                reply.setReceiveTimeStamp(received);
                reply.setReferenceTime(received);
                reply.setTransmitTime(ntp(nowNanos() + offsetNanos));
                tamper.accept(reply);
                DatagramPacket out = reply.getDatagramPacket();
                out.setSocketAddress(in.getSocketAddress());
                socket.send(out);
            }
        } catch (IOException closed) {
            // the test closed the socket
        }
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    @Override
    public void close() {
        socket.close();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The system clock in Unix nanoseconds. */
    public static long nowNanos() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    /** Unix nanoseconds as an NTP timestamp (era 0). */
    public static TimeStamp ntp(long unixNanos) {
        long seconds = Math.floorDiv(unixNanos, 1_000_000_000L) + 2_208_988_800L;
        long fraction = (Math.floorMod(unixNanos, 1_000_000_000L) << 32) / 1_000_000_000L;
        return new TimeStamp(seconds << 32 | fraction);
    }
}
