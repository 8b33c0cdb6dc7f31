package weft.agent.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.agent.datapath.StreamReceiver;
import weft.agent.datapath.StreamSender;

/**
 * {@code weft agent stream}: a reliable stream of numbered test messages through the local agent
 * ({@link StreamSender}/{@link StreamReceiver}), to show that killing agents or the controller loses no accepted
 * data. Message {@code i} has {@code --bytes} bytes, byte {@code k} being {@code (i * 31 + k) mod 256}, so the
 * receiver checks every message's content, number and order. Prints one JSON object; exits 0 when everything was
 * acknowledged (sender) or received exactly once and in order (receiver).
 */
@Command(name = "stream", mixinStandardHelpOptions = true,
        description = "Send (--to) or receive (--receive) a reliable stream of numbered messages; prints JSON.")
public final class AgentStreamCommand implements Callable<Integer> {
    @Option(names = "--to", description = "IPv4 address of the receiving host's agent (send mode)")
    String to;
    @Option(names = "--receive", description = "receive mode")
    boolean receive;
    @Option(names = "--messages", defaultValue = "1000", description = "messages (default ${DEFAULT-VALUE})")
    int messages;
    @Option(names = "--bytes", defaultValue = "2000", description = "bytes per message (default ${DEFAULT-VALUE})")
    int bytes;
    @Option(names = "--timeout", defaultValue = "60", description = "seconds to wait for acknowledgements, or "
            + "between two received messages (default ${DEFAULT-VALUE})")
    long timeoutSeconds;
    @Mixin
    LocalApiOption local = new LocalApiOption();
    @Option(names = "--linger", defaultValue = "5", description = "receive mode: seconds to keep receiving after "
            + "the last message, so that a sender whose final acknowledgement was lost gets it again when it "
            + "replays, and so that a message delivered twice would be seen (default ${DEFAULT-VALUE})")
    double lingerSeconds;

    /** The content of test message {@code i}. */
    static byte[] message(long i, int bytes) {
        byte[] m = new byte[bytes];
        for (int k = 0; k < bytes; k++) {
            m[k] = (byte) (i * 31 + k);
        }
        return m;
    }

    @Override
    public Integer call() throws Exception {
        if (receive == (to != null)) {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "agent stream: give exactly one of --to IP (send) or --receive");
        }
        Map<String, Object> out = receive ? receive() : send();
        System.out.println(new ObjectMapper().writeValueAsString(out));
        return Boolean.TRUE.equals(out.get("ok")) ? 0 : 1;
    }

    private Map<String, Object> send() throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        try (StreamSender tx = StreamSender.open(local.port, InetAddress.getByName(to))) {
            System.out.println("stream " + Long.toHexString(tx.streamId()) + " started");
            System.out.flush();
            for (int i = 0; i < messages; i++) {
                byte[] m = message(i, bytes);
                tx.send(m, 0, m.length);
            }
            boolean acked = tx.awaitAcked(timeoutSeconds, TimeUnit.SECONDS);
            out.put("sent", messages);
            out.put("unacknowledged", tx.unacknowledged());
            out.put("replayed_messages", tx.replayedMessages());
            out.put("agent_connects", tx.connects());
            out.put("seconds", (System.nanoTime() - t0) / 1e9);
            out.put("ok", acked);
        }
        return out;
    }

    private Map<String, Object> receive() throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        long received = 0;
        long outOfOrder = 0;
        long badContent = 0;
        try (StreamReceiver rx = new StreamReceiver(local.port)) {
            System.out.println("receiving");
            System.out.flush();
            while (received < messages) {
                StreamReceiver.Message m = rx.receive(TimeUnit.SECONDS.toMillis(timeoutSeconds));
                if (m == null) {
                    break;
                }
                outOfOrder += m.number() == received ? 0 : 1;
                badContent += java.util.Arrays.equals(m.data(), message(m.number(), m.data().length)) ? 0 : 1;
                received++;
            }
            long extra = 0;
            long lingerEnd = System.nanoTime() + (long) (lingerSeconds * 1e9);
            while (received == messages && System.nanoTime() - lingerEnd < 0) {
                long left = Math.max(1, (lingerEnd - System.nanoTime()) / 1_000_000);
                extra += rx.receive(left) == null ? 0 : 1;
            }
            out.put("received", received);
            out.put("expected", messages);
            out.put("extra_after_last", extra);
            out.put("out_of_order", outOfOrder);
            out.put("bad_content", badContent);
            out.put("duplicate_fragments_dropped", rx.duplicateFragments());
            out.put("gap_fragments_dropped", rx.gapFragments());
            out.put("agent_connects", rx.connects());
            out.put("ok", received == messages && extra == 0 && outOfOrder == 0 && badContent == 0);
        }
        return out;
    }
}
