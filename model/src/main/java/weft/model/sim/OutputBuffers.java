package weft.model.sim;

/**
 * The output buffers of seed 001 §3's router ({@link VoqSwitch}): per output channel and virtual channel a first-in
 * first-out queue of the packets that have crossed the crossbar and wait for the link, of at most
 * {@link VoqRouter#outputBufferBytes} ("Outputs have buffers of 512B per VC"). A packet takes its room when its head
 * enters (the crossbar grant) and gives it back when its tail has left on the link, as BookSim's output buffer of an
 * IQ router with speedup (its {@code output_buffer_size}, checked at switch allocation). The queues are a
 * {@link Buffers} indexed like the input buffers ({@code channel * vcs + vc}); the packet on each link's wire is
 * remembered here, since the link's end of transmission names only the channel.
 */
final class OutputBuffers {
    private final Buffers queues;
    private final int vcs;
    /** Per output channel: the virtual channel and bytes of the packet on its wire, -1 when none. */
    private final int[] wire;

    OutputBuffers(int channels, int vcs, long capacity) {
        this.queues = new Buffers(channels * vcs, capacity);
        this.vcs = vcs;
        this.wire = new int[2 * channels];
        java.util.Arrays.fill(wire, -1);
    }

    /** Whether output o's buffer for virtual channel v has room for a packet of {@code size} bytes. */
    boolean fits(int o, int v, int size) {
        return queues.occupancy[o * vcs + v] + size <= queues.capacity;
    }

    /** The first packet of output o's buffer for virtual channel v, -1 when none waits for the link. */
    int front(int o, int v) {
        return queues.front(o * vcs + v);
    }

    /**
     * Packet f (of {@code size} bytes) crossed into output o's buffer for virtual channel v at {@code now}.
     *
     * @throws IllegalStateException when it does not fit (the allocation checks {@link #fits} first: a defect)
     */
    void push(Flits flits, int o, int v, int f, int size, long now) {
        if (!fits(o, v, size)) {
            throw new IllegalStateException("output buffer overflow at channel " + o + " vc " + v);
        }
        queues.occupancy[o * vcs + v] += size;
        queues.append(flits, o * vcs + v, f, now);
    }

    /** The first packet of output o's buffer for virtual channel v goes on the link now; returns it. */
    int pop(Flits flits, int o, int v, long now) {
        int f = queues.pop(flits, o * vcs + v, now);
        wire[2 * o] = v;
        wire[2 * o + 1] = flits.bytes(f);
        return f;
    }

    /** Output o's link finished the packet {@link #pop} put on it: its room is free again. */
    void sent(int o) {
        if (wire[2 * o] >= 0) {
            queues.occupancy[o * vcs + wire[2 * o]] -= wire[2 * o + 1];
            wire[2 * o] = -1;
        }
    }
}
