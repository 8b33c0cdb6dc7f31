package weft.model.sim;

/**
 * The router of seed 001 §3 ("the VC for normal packets uses virtual output queueing ... The router crossbar has a 2x
 * speedup over channels. Outputs have buffers of 512B per VC. Switches use separable input-first allocation with
 * priority arbiters"), the modified BookSim IQ router of that paper: its knobs for {@link VoqSwitch}.
 *
 * @param speedup           crossbar speedup over the channels: a packet crosses the crossbar in {@code 1/speedup} of
 *                          its time on the output's link (BookSim's {@code internal_speedup})
 * @param outputBufferBytes capacity of each output buffer, per output port and virtual channel
 */
public record VoqRouter(int speedup, long outputBufferBytes) {
    public VoqRouter {
        if (speedup < 1 || speedup > 16) {
            throw new IllegalArgumentException("voqRouter.speedup must be 1..16, got " + speedup);
        }
        if (outputBufferBytes < 1) {
            throw new IllegalArgumentException("voqRouter.outputBufferBytes must be >= 1, got " + outputBufferBytes);
        }
    }

    /** Seed 001 §3: speedup 2, 512 B output buffers per virtual channel. */
    public static VoqRouter paper() {
        return new VoqRouter(2, 512);
    }
}
