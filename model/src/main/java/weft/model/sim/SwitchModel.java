package weft.model.sim;

/**
 * How a switch holds and forwards what arrives: which packets may cross its crossbar when, and in what order its
 * outputs serve them. Three models: {@link InputQueuedSwitch} (a FIFO per input virtual channel and a crossbar of
 * speedup 1, BookSim's IQ router), {@link OutputQueuedSwitch} (infinite speedup: every packet queues at its output at
 * once, seed 003 §5), chosen by {@link SimConfig#infiniteSpeedup()}, and {@link VoqSwitch} (VOQs, a crossbar of
 * speedup 2 and output buffers, seed 001 §3), chosen by {@link SimConfig#voqRouter()}.
 */
abstract class SwitchModel {
    final Engine engine;

    SwitchModel(Engine engine) {
        this.engine = engine;
    }

    /** Flit f entered buffer b at the far end of channel c (counted and, if a head, routed). */
    abstract void arrive(int f, int c, int b, long now);

    /**
     * Bytes queued ahead of packet f (routed, not yet queued) in its input buffer b that wait for the same output
     * (all of them in a first-in first-out buffer).
     */
    abstract long queuedAhead(int f, int b);

    /** Output channel c of a switch finished a transmission. */
    abstract void outputFree(int c, long now);

    /** The far end of channel c has granted credit or resumed: its switch may be able to send on it. */
    abstract void senderMayGo(int c, long now);

    /** Runs a decision for {@code target}: a switch (input-queued) or an output channel (output-queued). */
    abstract void decide(int target, long now);

    /**
     * Deadlock detection: marks in {@code g} the buffers that could still send ({@link WaitGraph#alive}) and adds an
     * edge from every other buffer to each buffer its blocked flits wait for.
     */
    abstract void waits(WaitGraph g, long now);

    /**
     * Per channel, the most bytes queued for it at its switch in the measurement window (all lanes together), when
     * {@link Engine#recordQueues}; null when this model has no output queues.
     */
    long[] queuePeaks() {
        return null;
    }

    /** The switch model the configuration asks for. */
    static SwitchModel create(Engine engine) {
        if (engine.config.voqRouter() != null) {
            return new VoqSwitch(engine);
        }
        return engine.config.infiniteSpeedup() ? new OutputQueuedSwitch(engine) : new InputQueuedSwitch(engine);
    }
}
