package weft.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A continuous ICMP probe between two lab hosts ({@code ping -i interval}): after it stops, the longest run of
 * lost probes times the interval is the measured interruption.
 */
public final class Probe {
    private static final Pattern SEQ = Pattern.compile("icmp_seq=(\\d+)");

    /**
     * What the probe saw.
     *
     * @param sent            highest sequence number answered (ping numbers its probes from 1)
     * @param received        replies received
     * @param interruptionMs  longest gap between consecutive replies, minus one interval, in milliseconds
     */
    public record Result(int sent, int received, double interruptionMs) {
    }

    private final Process process;
    private final Path log;
    private final int intervalMs;
    private final long startNanos = System.nanoTime();

    private Probe(Process process, Path log, int intervalMs) {
        this.process = process;
        this.log = log;
        this.intervalMs = intervalMs;
    }

    /** Starts pinging {@code dstIp} from {@code srcHost} every {@code intervalMs} milliseconds (10 or more). */
    public static Probe start(OvsLab lab, String srcHost, String dstIp, int intervalMs, Path log) {
        if (intervalMs < 10) {
            throw new IllegalArgumentException("intervalMs must be >= 10, got " + intervalMs);
        }
        try {
            Files.deleteIfExists(log);
            Files.createDirectories(log.getParent());
        } catch (IOException e) {
            throw new LabException("cannot prepare probe log " + log, e);
        }
        Process p = lab.spawn(srcHost, log, "ping", "-n", "-i", String.format(java.util.Locale.ROOT, "%.3f",
                intervalMs / 1000.0), "-W", "1", dstIp);
        return new Probe(p, log, intervalMs);
    }

    /** Replies received so far (ping writes its log a line at a time). */
    public int replies() {
        try {
            return (int) Files.readAllLines(log).stream().filter(l -> l.contains("bytes from")).count();
        } catch (IOException e) {
            throw new LabException("cannot read probe log " + log, e);
        }
    }

    /**
     * Waits until {@code more} replies have come since this call: before a disruption, the probe runs; after it,
     * the path carries the probe again, so the longest gap between replies ({@link #stop}) covers the whole outage.
     *
     * @throws LabException naming the probe when they have not come within {@code timeout}
     */
    public void awaitReplies(int more, Duration timeout) {
        int want = replies() + more;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (replies() < want) {
            if (System.nanoTime() - deadline > 0) {
                throw new LabException("probe " + log + ": " + replies() + " replies after " + timeout + ", wanted "
                        + want);
            }
            try {
                Thread.sleep(intervalMs); // polled once a probe interval
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LabException("interrupted while waiting for the probe's replies", e);
            }
        }
    }

    /** Stops the probe and measures the longest interruption. */
    public Result stop() {
        long elapsedMs = (System.nanoTime() - startNanos) / 1_000_000;
        process.destroy();
        try {
            process.waitFor();
            List<Integer> seqs = new ArrayList<>();
            for (String line : Files.readAllLines(log)) {
                Matcher m = SEQ.matcher(line);
                if (m.find() && line.contains("bytes from")) {
                    seqs.add(Integer.parseInt(m.group(1)));
                }
            }
            if (seqs.isEmpty()) {
                return new Result(0, 0, elapsedMs);
            }
            int maxGap = seqs.get(0) - 1;
            for (int i = 1; i < seqs.size(); i++) {
                maxGap = Math.max(maxGap, seqs.get(i) - seqs.get(i - 1) - 1);
            }
            return new Result(seqs.get(seqs.size() - 1), seqs.size(), (double) maxGap * intervalMs);
        } catch (IOException e) {
            throw new LabException("cannot read probe log " + log, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while stopping the probe", e);
        }
    }
}
