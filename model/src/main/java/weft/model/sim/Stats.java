package weft.model.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The built-in statistics: an observer of the run that counts what the hosts generate and receive, measures the
 * latency of packets created in the measurement window, and integrates link busy time and buffer occupancy over the
 * window. Further {@link SimObserver}s get every call after it.
 */
final class Stats {
    private final Fabric fabric;
    private final Flits flits;
    private final long windowStart;
    private long windowEnd;
    private final SimObserver[] observers;
    private final long[] generatedBytes;
    private final long[] deliveredBytes;
    private final long[] busyPs;
    /** Per buffer, four adjacent longs: integrated bytes x time, bytes now, since when, most bytes. */
    private final long[] occupancy;
    final LatencyHistogram latency = new LatencyHistogram();
    final LatencyHistogram networkLatency = new LatencyHistogram();
    final LatencyHistogram resequencingDelay = new LatencyHistogram();
    long generated;
    long refused;
    long delivered;
    long dropped;
    long measuredMade;
    long measuredDelivered;

    Stats(Fabric fabric, Flits flits, long windowStart, long windowEnd, List<SimObserver> observers) {
        this.fabric = fabric;
        this.flits = flits;
        this.windowStart = windowStart;
        this.windowEnd = windowEnd;
        this.observers = observers.toArray(new SimObserver[0]);
        generatedBytes = new long[fabric.hosts];
        deliveredBytes = new long[fabric.hosts];
        busyPs = new long[fabric.channels];
        int buffers = fabric.channels * fabric.vcs;
        occupancy = new long[4 * buffers];
    }

    /** True when {@code now} lies in the measurement window. */
    boolean measuring(long now) {
        return now >= windowStart && now < windowEnd;
    }

    /** Ends the window at {@code end} (closed runs measure until they finish). */
    void closeWindow(long end) {
        windowEnd = Math.min(windowEnd, end);
    }

    void onGenerate(int host, int dst, int bytes, long now, boolean accepted) {
        if (accepted) {
            generated++;
        } else {
            refused++;
        }
        if (measuring(now)) {
            generatedBytes[host] += bytes;
        }
        for (SimObserver o : observers) {
            o.generated(host, dst, bytes, now, accepted);
        }
    }

    /** A packet was made at its host (open loop: accepted into the queue; flows: cut from the backlog). */
    void onMade(int f) {
        if ((flits.flags(f) & Flits.MEASURED) != 0) {
            measuredMade++;
        }
    }

    void onTransmit(int c, int vc, int bytes, long start, long end) {
        long s = Math.max(start, windowStart);
        long e = Math.min(end, windowEnd);
        if (e > s) {
            busyPs[c] += e - s;
        }
        for (SimObserver o : observers) {
            o.transmitted(c, vc, bytes, start, end);
        }
    }

    void onOccupancy(int b, long bytes, long now) {
        long[] o = occupancy;
        int k = 4 * b;
        long s = Math.max(o[k + 2], windowStart);
        long e = Math.min(now, windowEnd);
        if (e > s) {
            o[k] += o[k + 1] * (e - s);
        }
        o[k + 1] = bytes;
        o[k + 2] = now;
        if (bytes > o[k + 3] && measuring(now)) {
            o[k + 3] = bytes;
        }
    }

    void onDeliver(int f, long now) {
        Flits p = flits;
        if ((p.flags(f) & Flits.CONTROL) != 0) {
            return;
        }
        delivered++;
        int bytes = p.packetBytes(f);
        if (measuring(now)) {
            deliveredBytes[p.dst(f)] += bytes;
        }
        if ((p.flags(f) & Flits.MEASURED) != 0) {
            measuredDelivered++;
            latency.add(now - p.created(f));
            networkLatency.add(p.tailArrive(f) - p.injected(f));
        }
        for (SimObserver o : observers) {
            o.delivered(p.src(f), p.dst(f), p.flow(f), bytes, p.created(f), p.injected(f), now);
        }
    }

    /** A resequencer released packet f (it arrived at {@code tailArrive}). */
    void onResequenced(int f, long now, boolean outOfOrder) {
        if ((flits.flags(f) & Flits.MEASURED) != 0) {
            resequencingDelay.add(now - flits.tailArrive(f));
        }
        for (SimObserver o : observers) {
            o.resequenced(flits.src(f), flits.dst(f), flits.flow(f), flits.injected(f), flits.tailArrive(f), now);
        }
    }

    void onDrop(int f, int c, long now) {
        if (flits.isTail(f)) {
            dropped++;
        }
        for (SimObserver o : observers) {
            o.dropped(c, flits.src(f), flits.dst(f), flits.bytes(f), now);
        }
    }

    /** Offered load per host over the window, as a fraction of its link. */
    double[] offered(long end) {
        return perHost(generatedBytes, end);
    }

    /** Accepted throughput per host over the window, as a fraction of its link. */
    double[] accepted(long end) {
        return perHost(deliveredBytes, end);
    }

    private double[] perHost(long[] bytes, long end) {
        double[] out = new double[fabric.hosts];
        long window = Math.min(windowEnd, end) - windowStart;
        for (int h = 0; h < fabric.hosts; h++) {
            long capacity = fabric.serPs(fabric.hostUp[h], 1);
            out[h] = window <= 0 ? 0 : (double) bytes[h] * capacity / window;
        }
        return out;
    }

    /** Per channel: utilisation and occupancy of its far-end buffers over the window. */
    List<SimResult.ChannelLoad> channels(long end) {
        long stop = Math.min(windowEnd, end);
        long window = Math.max(1, stop - windowStart);
        List<SimResult.ChannelLoad> out = new ArrayList<>(fabric.channels);
        int vcs = fabric.vcs;
        for (int c = 0; c < fabric.channels; c++) {
            double area = 0;
            long max = 0;
            if (!fabric.toHost(c)) {
                for (int v = 0; v < vcs; v++) {
                    int b = c * vcs + v;
                    onOccupancy(b, occupancy[4 * b + 1], stop);
                    area += occupancy[4 * b];
                    max = Math.max(max, occupancy[4 * b + 3]);
                }
            }
            out.add(new SimResult.ChannelLoad(fabric.channelName(c), (double) busyPs[c] / window, area / window,
                    max));
        }
        return out;
    }
}
