package weft.lab;

import java.util.Locale;

/**
 * A link rate emulated on a switch-side port: tc HTB with one class at the link's rate (docs/sources.md §5) and a
 * burst of {@link #BURST_SECONDS} at that rate, in front of a queue of {@link #QUEUE_SECONDS} at that rate
 * ({@link #queuePackets}) that drops at its head.
 *
 * <p>Why the burst: HTB sends what its tokens allow whenever the kernel runs its dequeue (a softirq after its timer),
 * and tokens beyond the burst are lost. With tc's default burst (about one packet plus a timer tick's worth) a link
 * whose dequeue runs a few ms late on a loaded machine never makes up the time: on this 2-core host at a load
 * average of 25 a 12 Mbit/s link carried 10.4 Mbit/s with its queue full. 40 ms of burst absorbs such delays; it can
 * add 40 ms worth of bytes to a window after an idle spell (0.8% of a 5 s window).
 *
 * <p>Why the depth: the userspace switch feeding the link is not scheduled for 100 ms and more at a time on a loaded
 * host and then forwards its backlog at once. A 64-packet queue at 12 Mbit/s (64 ms) dropped hundreds of packets a
 * second in such bursts behind two switches while carrying 7 of its 12 Mbit/s; 200 ms holds them.
 *
 * <p>Why the head: ovs-vswitchd's userspace datapath sends each output batch (up to 32 packets) with one
 * {@code sendmmsg}. A full tail-drop FIFO refuses the next packet (ENOBUFS) and ovs-vswitchd discards the rest of
 * the batch, counted nowhere; a head-drop FIFO accepts it (NET_XMIT_CN, which the packet socket reports as sent)
 * and counts the packet it drops, so every drop on a lab link is in {@code tc -s qdisc}. Queued packets hold
 * ovs-vswitchd's send buffer, about 2.3 KiB each ({@link SwitchSendBuffer}; docs/crp.md §9).
 */
public final class EmulatedLink {
    /** The burst of an emulated link, in seconds at its rate. */
    public static final double BURST_SECONDS = 0.040;
    /** The queue of an emulated link, in seconds at its rate ({@link #queuePackets}). */
    public static final double QUEUE_SECONDS = 0.200;
    /** The bounds of a queue, in packets: at least 64, at most a veth's default {@code txqueuelen}, 1,000. */
    public static final int MIN_QUEUE_PACKETS = 64;
    public static final int MAX_QUEUE_PACKETS = 1000;

    private EmulatedLink() {
    }

    /** The queue of a link of {@code mbps} Mbit/s: {@link #QUEUE_SECONDS} of 1,500 B packets, within the bounds. */
    public static int queuePackets(double mbps) {
        long packets = Math.round(mbps * 1e6 * QUEUE_SECONDS / 8 / 1500);
        return (int) Math.max(MIN_QUEUE_PACKETS, Math.min(MAX_QUEUE_PACKETS, packets));
    }

    /** Shapes {@code dev} (a device with no qdisc of its own yet) to {@code mbps} Mbit/s. */
    public static void shape(String dev, double mbps) {
        String rate = String.format(Locale.ROOT, "%.3fmbit", mbps);
        String burst = Math.round(mbps * 1e6 / 8 * BURST_SECONDS) + "b";
        Shell.check("tc", "qdisc", "add", "dev", dev, "root", "handle", "1:", "htb", "default", "10");
        Shell.check("tc", "class", "add", "dev", dev, "parent", "1:", "classid", "1:10", "htb", "rate", rate,
                "burst", burst, "cburst", burst);
        Shell.check("tc", "qdisc", "add", "dev", dev, "parent", "1:10", "handle", "10:", "pfifo_head_drop", "limit",
                String.valueOf(queuePackets(mbps)));
    }
}
