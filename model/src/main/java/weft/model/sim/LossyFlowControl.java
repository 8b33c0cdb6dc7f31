package weft.model.sim;

import weft.model.sim.engine.EventQueue;

/**
 * No link-level flow control: senders send whenever the link is free and a full buffer drops what arrives
 * (drop-tail), as the Ethernet of seed 004 §3.1 ("drop-tail when a queue exceeds its limit", no PAUSE). With infinite
 * speedup the limit applies to each output queue instead (seed 004's output-queued switches; checked by the switch),
 * and input buffers never drop.
 */
final class LossyFlowControl extends FlowControl {
    private final boolean inputLimited;

    LossyFlowControl(Fabric fabric, Buffers buffers, EventQueue events, boolean inputLimited) {
        super(fabric, buffers, events);
        this.inputLimited = inputLimited;
    }

    @Override
    boolean canSend(int c, int vc, long bytes) {
        return true;
    }

    @Override
    void onSend(int c, int vc, int bytes) {
    }

    @Override
    boolean onArrive(int c, int vc, int bytes, long now) {
        return !inputLimited || buffers.occupancy[c * fabric.vcs + vc] <= buffers.capacity;
    }

    @Override
    void onLeave(int c, int vc, int bytes, long now) {
    }

    @Override
    String describe() {
        return inputLimited ? "lossy (drop-tail input buffers)" : "lossy (drop-tail output queues)";
    }
}
