package weft.controller.openflow;

/**
 * Whether a switch connection is alive, as a state machine stepped once per echo interval by its session: a
 * connection that sends nothing for {@code echoMisses} intervals is dead, and so is one that reads none of what we
 * send for as long (back-pressure that makes no progress). Between, a quiet interval earns the switch an
 * ECHO_REQUEST. The session only moves the facts in (a message arrived, the channel became writable, the bytes it
 * holds unsent) and acts on the verdict; the decisions are here, tested on stepped ticks.
 *
 * <p>Decision: the liveness rule of OpenFlow 1.3.5 §6.3.2 (echo request and reply "to verify the liveness of a
 * controller-switch connection") counted in intervals rather than timestamps, so it takes no clock.
 */
final class Liveness {
    /** What the session does after a tick. */
    enum Verdict {
        /** Heard from the switch since the last tick, or waiting for it to read: nothing to do. */
        ALIVE,
        /** Quiet for an interval: send an ECHO_REQUEST. */
        SEND_ECHO,
        /** Quiet for {@code echoMisses} intervals: close. */
        CLOSE_QUIET,
        /** Has read none of our bytes for {@code echoMisses} intervals while the channel was unwritable: close. */
        CLOSE_STALLED
    }

    private final int echoMisses;
    private boolean heardSinceTick;
    private int quietTicks;
    /** Bytes waiting to be written at the last tick while the channel was unwritable, -1 while it is writable. */
    private long unsentAtTick = -1;
    private int stalledTicks;

    Liveness(int echoMisses) {
        if (echoMisses < 1) {
            throw new IllegalArgumentException("echoMisses must be >= 1, got " + echoMisses);
        }
        this.echoMisses = echoMisses;
    }

    /** A message (or a frame the decoder skipped) arrived from the switch. */
    void heard() {
        heardSinceTick = true;
    }

    /** The channel became writable again: the switch reads what we send. */
    void writable() {
        unsentAtTick = -1;
        stalledTicks = 0;
    }

    /**
     * One echo interval passed.
     *
     * @param writable    whether the channel takes writes now
     * @param unsentBytes bytes of ours the switch has not read yet
     */
    Verdict tick(boolean writable, long unsentBytes) {
        if (!writable) {
            stalledTicks = unsentAtTick >= 0 && unsentBytes >= unsentAtTick ? stalledTicks + 1 : 0;
            unsentAtTick = unsentBytes;
            return stalledTicks >= echoMisses ? Verdict.CLOSE_STALLED : Verdict.ALIVE;
        }
        if (heardSinceTick) {
            heardSinceTick = false;
            quietTicks = 0;
            return Verdict.ALIVE;
        }
        quietTicks++;
        return quietTicks >= echoMisses ? Verdict.CLOSE_QUIET : Verdict.SEND_ECHO;
    }

    /** Intervals in a row without a message from the switch. */
    int quietTicks() {
        return quietTicks;
    }

    /** Intervals in a row in which the switch read none of our bytes. */
    int stalledTicks() {
        return stalledTicks;
    }
}
