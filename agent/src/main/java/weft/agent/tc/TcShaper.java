package weft.agent.tc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.model.protocol.DestinationRate;

/**
 * Shapes a device's egress with Linux tc: root {@code htb} qdisc (handle {@code 1:}), a parent class at the link
 * rate ({@code 1:1}), one class {@code 1:10}, {@code 1:11}, ... per destination at its rate (ceil = rate) and a
 * {@code u32} filter {@code match ip dst <addr>/32}; unclassified traffic goes to the default class {@code 1:ffff} at
 * the link rate.
 * Rate changes use {@code tc class change}, so queued packets and counters survive. {@link #close} deletes the root
 * qdisc it added (and nothing else).
 *
 * <p>Decision: rates are IP-level in both modes; the root qdisc's size table ({@code stab overhead -14}) takes the
 * Ethernet header out of HTB's accounting ({@link #ETHERNET_HEADER}).
 *
 * <p>Decision: the HTB burst is the bucket depth the user-space path uses (default 2 x 1538 B, at least what HTB
 * needs for the rate at the kernel's timer resolution), so both modes pace alike. Commands go through
 * {@link CommandRunner} so tests can record them without a kernel.
 */
public final class TcShaper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TcShaper.class);
    private static final int DEFAULT_CLASS = 0xffff;
    /**
     * HTB charges a packet's length at the device, which on Ethernet includes the 14-byte header; Weft's rates are
     * IP-level (what the user-space agent charges), so a size table with this negative overhead makes HTB count
     * IP bytes too. The table corrects once per packet the qdisc sees: a GSO super-packet of n segments is
     * over-charged by {@code 14 (n - 1)} bytes (under 1%); the lab's hosts turn checksum offload, and with it
     * segmentation offload, off.
     */
    static final int ETHERNET_HEADER = 14;
    /** Destination classes are 1:10, 1:11, ...; 1:1 is the parent at the link rate. */
    private static final int FIRST_CLASS = 0x10;

    /** Runs one command; returns its exit status and output. */
    @FunctionalInterface
    public interface CommandRunner {
        Result run(List<String> command);

        /** Exit status and combined output of a command. */
        record Result(int status, String output) {
        }

        /** Runs real processes, with {@code prefix} (e.g. {@code ip netns exec ns}) in front of every command. */
        static CommandRunner system(List<String> prefix) {
            return command -> {
                List<String> full = new ArrayList<>(prefix);
                full.addAll(command);
                try {
                    Process p = new ProcessBuilder(full).redirectErrorStream(true).start();
                    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    if (!p.waitFor(10, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                        return new Result(-1, String.join(" ", full) + ": timed out after 10 s");
                    }
                    return new Result(p.exitValue(), out.trim());
                } catch (IOException e) {
                    return new Result(-1, String.join(" ", full) + ": " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return new Result(-1, "interrupted");
                }
            };
        }
    }

    private final String dev;
    private final long linkBitsPerSecond;
    private final int burstBytes;
    private final CommandRunner tc;
    private final Map<String, Integer> classOf = new HashMap<>();
    private final Map<String, Long> rateOf = new HashMap<>();
    private boolean installed;

    public TcShaper(String dev, long linkBitsPerSecond, int burstBytes, CommandRunner tc) {
        if (dev == null || dev.isEmpty() || dev.length() > 15) {
            throw new IllegalArgumentException("tc: device name must be 1..15 characters, got '" + dev + "'");
        }
        this.dev = dev;
        this.linkBitsPerSecond = linkBitsPerSecond;
        this.burstBytes = burstBytes;
        this.tc = tc;
    }

    /**
     * Probes which qdiscs and classifiers the kernel offers, by adding and deleting each on {@code dev}'s root
     * (before the shaper installs its own). Returns kind -> available.
     */
    public Map<String, Boolean> probe() {
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (String kind : List.of("htb", "tbf", "fq", "fq_codel", "netem", "prio", "hfsc")) {
            List<String> args = new ArrayList<>(List.of("tc", "qdisc", "add", "dev", dev, "root", "handle", "fff0:",
                    kind));
            if (kind.equals("tbf")) {
                args.addAll(List.of("rate", "1mbit", "burst", "10kb", "latency", "10ms"));
            }
            boolean ok = tc.run(args).status() == 0;
            if (ok) {
                tc.run(List.of("tc", "qdisc", "del", "dev", dev, "root", "handle", "fff0:"));
            }
            out.put("qdisc " + kind, ok);
        }
        boolean htb = out.get("qdisc htb");
        if (htb) {
            tc.run(List.of("tc", "qdisc", "add", "dev", dev, "root", "handle", "fff0:", "htb"));
            for (String cls : List.of("u32", "flower", "matchall", "fw", "basic")) {
                List<String> args = new ArrayList<>(List.of("tc", "filter", "add", "dev", dev, "parent", "fff0:",
                        "protocol", "ip", "prio", "9", cls));
                if (cls.equals("u32")) {
                    args.addAll(List.of("match", "ip", "dst", "127.0.0.9/32", "flowid", "fff0:1"));
                } else if (cls.equals("flower")) {
                    args.addAll(List.of("dst_ip", "127.0.0.9", "classid", "fff0:1"));
                } else {
                    args.addAll(List.of("classid", "fff0:1"));
                }
                out.put("filter " + cls, tc.run(args).status() == 0);
            }
            tc.run(List.of("tc", "qdisc", "del", "dev", dev, "root", "handle", "fff0:"));
        }
        return out;
    }

    /** Installs or updates one class per destination rate; destinations not listed keep their class. */
    public synchronized void apply(List<DestinationRate> rates) {
        if (!installed) {
            install();
        }
        for (DestinationRate r : rates) {
            long bps = Math.max(8_000, r.bitsPerSecond());
            Integer cls = classOf.get(r.dstIp());
            if (cls == null) {
                cls = FIRST_CLASS + classOf.size();
                check(List.of("tc", "class", "add", "dev", dev, "parent", "1:1", "classid",
                        "1:" + Integer.toHexString(cls), "htb", "rate", bps + "bit", "ceil", bps + "bit", "burst",
                        burst(bps) + "b", "cburst", burst(bps) + "b"));
                check(List.of("tc", "filter", "add", "dev", dev, "parent", "1:", "protocol", "ip", "prio", "1", "u32",
                        "match", "ip", "dst", r.dstIp() + "/32", "flowid", "1:" + Integer.toHexString(cls)));
                classOf.put(r.dstIp(), cls);
            } else if (!Long.valueOf(bps).equals(rateOf.get(r.dstIp()))) {
                check(List.of("tc", "class", "change", "dev", dev, "parent", "1:1", "classid",
                        "1:" + Integer.toHexString(cls), "htb", "rate", bps + "bit", "ceil", bps + "bit", "burst",
                        burst(bps) + "b", "cburst", burst(bps) + "b"));
            }
            rateOf.put(r.dstIp(), bps);
        }
    }

    /** HTB needs at least rate x timer granularity (about 1 ms here) of burst to reach its rate. */
    private int burst(long bps) {
        return (int) Math.max(burstBytes, bps / 8 / 1000);
    }

    private void install() {
        check(List.of("tc", "qdisc", "add", "dev", dev, "root", "handle", "1:", "stab", "overhead",
                String.valueOf(-ETHERNET_HEADER), "htb", "default", Integer.toHexString(DEFAULT_CLASS)));
        check(List.of("tc", "class", "add", "dev", dev, "parent", "1:", "classid", "1:1", "htb", "rate",
                linkBitsPerSecond + "bit", "ceil", linkBitsPerSecond + "bit"));
        check(List.of("tc", "class", "add", "dev", dev, "parent", "1:1", "classid",
                "1:" + Integer.toHexString(DEFAULT_CLASS), "htb", "rate", linkBitsPerSecond + "bit", "ceil",
                linkBitsPerSecond + "bit"));
        installed = true;
    }

    private void check(List<String> command) {
        CommandRunner.Result r = tc.run(command);
        if (r.status() != 0) {
            throw new TcException(String.join(" ", command) + ": exit " + r.status() + ": " + r.output());
        }
    }

    /** Removes the root qdisc this shaper installed. */
    @Override
    public synchronized void close() {
        if (installed) {
            CommandRunner.Result r = tc.run(List.of("tc", "qdisc", "del", "dev", dev, "root", "handle", "1:"));
            if (r.status() != 0) {
                LOG.warn("tc: could not remove the root qdisc of {}: {}", dev, r.output());
            }
            installed = false;
            classOf.clear();
            rateOf.clear();
        }
    }

    /** The class id (hex minor) shaping traffic to {@code dstIp}, or null. */
    public synchronized String classFor(String dstIp) {
        Integer c = classOf.get(dstIp);
        return c == null ? null : "1:" + Integer.toHexString(c);
    }
}
