package weft.model.tcp;

import java.util.Map;
import java.util.TreeMap;

/**
 * The receiving end of a TCP connection: keeps segments that arrive out of order (within the advertised window,
 * {@link TcpParameters#receiveWindowBytes()}; bytes beyond it are discarded, which bounds its memory), hands the
 * application each byte once and in order, and answers every segment with a cumulative acknowledgement, the next
 * byte it expects (RFC 5681 §4.2: an immediate acknowledgement for an out-of-order segment; Weft acknowledges every
 * segment, without delayed acknowledgements).
 */
public final class TcpReceiver {
    private final long window;
    private long rcvNxt;
    /** Out-of-order byte ranges above {@code rcvNxt}: start to end, disjoint and not adjacent. */
    private final TreeMap<Long, Long> held = new TreeMap<>();
    private long heldBytes;

    public TcpReceiver(TcpParameters params) {
        this.window = params.receiveWindowBytes();
    }

    /**
     * A segment of {@code length} bytes from offset {@code seq} arrived.
     *
     * @return the bytes it made deliverable in order (those from the old {@link #ackNo()} to the new one)
     */
    public long receive(long seq, int length) {
        if (seq < 0 || length < 0) {
            throw new IllegalArgumentException("tcp: segment at " + seq + " of " + length + " B");
        }
        long start = Math.max(seq, rcvNxt);
        long end = Math.min(seq + length, rcvNxt + window);
        if (start >= end) {
            return 0;
        }
        if (start > rcvNxt) {
            hold(start, end);
            return 0;
        }
        long before = rcvNxt;
        rcvNxt = end;
        while (!held.isEmpty() && held.firstKey() <= rcvNxt) {
            Map.Entry<Long, Long> e = held.pollFirstEntry();
            heldBytes -= e.getValue() - e.getKey();
            rcvNxt = Math.max(rcvNxt, e.getValue());
        }
        return rcvNxt - before;
    }

    private void hold(long start, long end) {
        Map.Entry<Long, Long> lower = held.floorEntry(start);
        if (lower != null && lower.getValue() >= start) {
            start = lower.getKey();
            end = Math.max(end, lower.getValue());
            held.remove(lower.getKey());
            heldBytes -= lower.getValue() - lower.getKey();
        }
        Map.Entry<Long, Long> next = held.ceilingEntry(start);
        while (next != null && next.getKey() <= end) {
            end = Math.max(end, next.getValue());
            held.remove(next.getKey());
            heldBytes -= next.getValue() - next.getKey();
            next = held.ceilingEntry(start);
        }
        held.put(start, end);
        heldBytes += end - start;
    }

    /** The cumulative acknowledgement: the next byte expected in order. */
    public long ackNo() {
        return rcvNxt;
    }

    /** Bytes held out of order (never more than the window). */
    public long heldBytes() {
        return heldBytes;
    }
}
