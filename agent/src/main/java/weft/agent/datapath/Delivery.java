package weft.agent.datapath;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import weft.model.host.reseq.HybridResequencer;

/**
 * Arrivals on their way to the applications: the {@link HybridResequencer} (seed 004 §3.4.3) takes each batch of
 * reads from the data sockets, then checks its timeouts (after the batch, and by one timer for the earliest queue
 * head), and every packet it releases is handed, in that order, to each subscribed application. Data-path loop only.
 *
 * <p>Deliveries are written as they are released and flushed once per batch of reads and once per timer run, not
 * once per packet. Decision: a flush per packet is a system call per packet; on a loaded machine a batch of 2,048
 * datagrams then took seconds, during which the loop read nothing else, not even the receiving application's
 * acknowledgements (measured: a receiving agent that did not read its application's acks for over 10 s while it
 * kept delivering to it), and the socket's backlog overflowed.
 */
final class Delivery {
    /** Packets the resequencer holds per sender. */
    static final int QUEUE_PACKETS = 1024;

    private final boolean resequence;
    private final EventLoop loop;
    private final AgentClock clock;
    private final ReceiveStats stats;
    private final HybridResequencer<ByteBuf> reseq;
    private final List<Channel> subscribers = new ArrayList<>();
    private long wake = Long.MAX_VALUE;
    /** Something was written to the subscribers since their last flush. */
    private boolean unflushed;

    Delivery(DataPathConfig config, EventLoop loop, AgentClock clock, ReceiveStats stats) {
        this.resequence = config.resequence();
        this.loop = loop;
        this.clock = clock;
        this.stats = stats;
        this.reseq = new HybridResequencer<>(config.maxDestinations(), QUEUE_PACKETS, config.initialMaxDelayNanos(),
                config.lateMode(), this::deliver);
    }

    HybridResequencer<ByteBuf> reseq() {
        return reseq;
    }

    /** The applications subscribed to this host's deliveries. */
    List<Channel> subscribers() {
        return subscribers;
    }

    /** An arrival of {@code src}'s packet {@code seq}, read in the current batch: resequenced or delivered at once. */
    void arrived(int src, int seq, long ts, long now, ByteBuf payload) {
        if (resequence) {
            reseq.onBatchArrival(src, seq, ts, now, payload);
        } else {
            deliver(src, seq, ts, payload, false);
        }
    }

    /**
     * The end of one batch of reads from a data socket: the resequencer's timeouts are checked now, once every
     * datagram that was waiting in the socket has been taken ({@link HybridResequencer#onBatchArrival}).
     */
    void batchDone() {
        if (resequence) {
            reseq.onTimer(clock.toEpoch(clock.nanoTime()));
            arm();
        }
        flush();
    }

    /** Sends what was written to the subscribers since the last flush. */
    private void flush() {
        if (unflushed) {
            unflushed = false;
            for (int i = 0; i < subscribers.size(); i++) {
                subscribers.get(i).flush();
            }
        }
    }

    /**
     * Hands one packet to the subscribed applications. {@code payload} starts with the local operation it is
     * delivered as ({@link LocalFrames#DELIVER} or {@link LocalFrames#STREAM_DELIVER}, see {@link DataReceiver}).
     */
    private void deliver(int src, int seq, long ts, ByteBuf payload, boolean late) {
        stats.onDelivered(src, seq);
        int n = subscribers.size();
        if (n == 0) {
            payload.release();
            return;
        }
        byte op = payload.readByte();
        for (int i = 0; i < n; i++) {
            Channel app = subscribers.get(i);
            ByteBuf frame = app.alloc().buffer(5 + payload.readableBytes());
            frame.writeByte(op).writeInt(src).writeBytes(payload, payload.readerIndex(),
                    payload.readableBytes());
            app.write(frame, app.voidPromise());
        }
        payload.release();
        unflushed = true;
    }

    /** One timer for the earliest queue-head deadline (an earlier one already armed covers it). */
    private void arm() {
        long deadline = reseq.nextDeadline();
        if (deadline == Long.MAX_VALUE) {
            return;
        }
        if (wake != Long.MAX_VALUE && wake - deadline <= 0) {
            return;
        }
        wake = deadline;
        long delay = Math.max(0, deadline - clock.toEpoch(clock.nanoTime()));
        loop.schedule(() -> {
            wake = Long.MAX_VALUE;
            reseq.onTimer(clock.toEpoch(clock.nanoTime()));
            arm();
            flush();
        }, delay, TimeUnit.NANOSECONDS);
    }
}
