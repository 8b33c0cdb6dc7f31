package weft.agent.datapath;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The sending side of a reliable stream as a state machine on a clock passed in: the replay buffer of accepted,
 * unacknowledged messages (numbered from 0, at most {@code bufferBytes} of data), cumulative acknowledgements, and
 * when to replay (go-back-N from the oldest unacknowledged message). {@link StreamSender} is its shell: it owns the
 * threads, the socket, the locks and the clock, and writes what {@link #replay} hands it.
 *
 * <p>Replay happens (see {@link StreamSender} for the whole protocol):
 * <ul>
 *   <li>on reconnect: everything unacknowledged ({@code replay(Integer.MAX_VALUE)}), and the timeout starts again
 *       at the measured one, {@link #RTO_MIN_NANOS} before any measurement ({@link #connected});</li>
 *   <li>when an acknowledgement flagged as a gap does not advance while messages are outstanding: once per
 *       acknowledged position, so the repeated gap acks of one loss start one replay;</li>
 *   <li>when an acknowledgement flagged as a restart arrives (the receiver reconnected to a restarted agent, which
 *       lost what it held): everything from its position, even at a position already replayed once;</li>
 *   <li>when no acknowledgement advanced for the retransmission timeout (the measured round trip, at least
 *       {@link #RTO_MIN_NANOS}, doubling to {@link #RTO_MAX_NANOS} or the measured timeout if longer while nothing
 *       advances), counted from the end of the last replay: the oldest message
 *       only, as a probe;</li>
 *   <li>when the answer to that probe advances but leaves messages outstanding that were written before: everything
 *       from the new position. After a silent timeout nothing written is still in flight, and the receiver, which
 *       sees no later message, sends no gap ack: without this the loss after a restart would be replayed one message
 *       per timeout.</li>
 * </ul>
 * The doubling timeout is for silence only (a dead peer or path): a reconnect, a restart ack and a probe's answer
 * replay at once.
 *
 * <p>Round trip (RFC 6298, with Karn's rule): one message at a time is timed from its first write to the ack that
 * covers it, never one that was replayed; the timeout is the smoothed round trip plus four times its variation, at
 * least {@link #RTO_MIN_NANOS} and at most {@link #RTO_CEILING_NANOS}. Decision: with a fixed 1 s timeout, agents
 * whose event loops ran seconds behind (a loaded machine) had their acks arrive after the timeout, so the probe's
 * late answer replayed everything still in flight, again and again, which loaded them further (StreamRestartTest
 * replayed three times its stream and overran its deadline).
 * Not thread-safe: the shell calls it under one lock. Times compare as {@code a - b}, which survives the wrap.
 */
final class GoBackN {
    static final long RTO_MIN_NANOS = 1_000_000_000L;
    static final long RTO_MAX_NANOS = 8_000_000_000L;
    /** The longest timeout a measured round trip sets. */
    static final long RTO_CEILING_NANOS = 60_000_000_000L;

    /** Messages to write, numbered from {@code first}, each to be sent with {@code base} = {@code first}. */
    record Batch(long first, List<byte[]> messages) {
    }

    private final int bufferBytes;
    private final ArrayDeque<byte[]> buffer = new ArrayDeque<>();
    private long nextNumber;
    private long acked;
    private long bufferedBytes;
    private long lastProgress;
    private long rto = RTO_MIN_NANOS;
    /** Smoothed round trip and its variation; {@code srtt < 0} before the first sample. */
    private long srtt = -1;
    private long rttvar;
    /** The message being timed (-1: none) and when it was first written. */
    private long timed = -1;
    private long timedAt;
    private long lastReplayEnd;
    private boolean replayedOnce;
    private long fastReplayPosition = -1;
    private boolean replayWanted;
    /** A timeout probe is out: its answer decides whether the rest is replayed. */
    private boolean probing;
    private long replayedMessages;
    /** Messages below this were handed to an agent at least once. */
    private long writtenUpTo;

    /** @param now the stream's start, from which the first timeout counts */
    GoBackN(int bufferBytes, long now) {
        this.bufferBytes = bufferBytes;
        this.lastProgress = now;
    }

    /** Whether a message of {@code length} bytes fits in the replay buffer now. */
    boolean hasRoom(int length) {
        return bufferedBytes + length <= bufferBytes;
    }

    /** Accepts {@code message} (the caller checked {@link #hasRoom}); returns its number. */
    long accept(byte[] message) {
        buffer.addLast(message);
        bufferedBytes += message.length;
        return nextNumber++;
    }

    /** The oldest message not acknowledged: every message below it was delivered. */
    long acked() {
        return acked;
    }

    /** Whether message {@code number} was handed to an agent already (a replay on connect may have sent it). */
    boolean written(long number) {
        return number < writtenUpTo;
    }

    /** Message {@code number} was handed to an agent at {@code now}: the first one written while none is timed is. */
    void wrote(long number, long now) {
        if (number >= writtenUpTo && timed < 0) {
            timed = number;
            timedAt = now;
        }
        writtenUpTo = Math.max(writtenUpTo, number + 1);
    }

    /** The timeout the round trip measured so far gives: smoothed + 4 x variation, clamped. */
    long baseRto() {
        return srtt < 0 ? RTO_MIN_NANOS : Math.min(RTO_CEILING_NANOS, Math.max(RTO_MIN_NANOS, srtt + 4 * rttvar));
    }

    private void sample(long r) {
        if (srtt < 0) {
            srtt = r;
            rttvar = r / 2;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - r)) / 4;
            srtt = (7 * srtt + r) / 8;
        }
    }

    /**
     * A cumulative acknowledgement: every message below {@code next} was delivered; {@code gap} says the receiver
     * misses what comes from {@code next} on; {@code restart} says it reconnected to a restarted agent.
     *
     * @return whether it freed buffer space (the shell wakes blocked senders)
     */
    boolean onAck(long next, boolean gap, boolean restart, long now) {
        if (restart && next >= acked && next <= nextNumber) {
            // the receiving agent lost what it held: replay from the receiver's position, whatever was replayed before
            fastReplayPosition = next;
            replayWanted = true;
            rto = baseRto();
        }
        if (next > acked && next <= nextNumber) {
            if (timed >= 0 && next > timed) {
                sample(now - timedAt);
                timed = -1;
            }
            while (acked < next) {
                bufferedBytes -= buffer.pollFirst().length;
                acked++;
            }
            lastProgress = now;
            rto = baseRto();
            if (probing && acked < writtenUpTo) {
                replayWanted = true; // the probe's answer: what was written after it is lost, nothing is in flight
            }
            probing = false;
            return true;
        }
        if (gap && next == acked && !buffer.isEmpty() && fastReplayPosition != acked) {
            // the receiver lacks what we sent from here (a gap, or it reconnected to a restarted agent): replay once
            // from here; the gap acks repeated until the replay arrives carry the same position and start no other.
            // An ack answering a duplicate has no gap flag: the receiver is ahead, nothing to resend
            fastReplayPosition = acked;
            replayWanted = true;
        }
        return false;
    }

    /** How many messages to replay now: all after a non-advancing gap ack, one (a probe) on a timeout, else 0. */
    int replayDue(long now) {
        if (buffer.isEmpty()) {
            lastProgress = now;
            replayWanted = false;
            probing = false;
            return 0;
        }
        if (replayWanted) {
            return Integer.MAX_VALUE;
        }
        long since = !replayedOnce || lastProgress - lastReplayEnd > 0 ? lastProgress : lastReplayEnd;
        if (now - since > rto) {
            lastProgress = now;
            rto = Math.min(2 * rto, Math.max(RTO_MAX_NANOS, baseRto()));
            probing = true;
            return 1;
        }
        return 0;
    }

    /**
     * The oldest {@code limit} unacknowledged messages, to be written now and then {@link #replayEnded}. A timeout
     * replays one message only, as a probe: if the receiver lacks it, it is delivered and the ack advances; if the
     * receiver is further on (its acks were lost), its answer advances the ack too; either way any further gap is
     * then answered by a non-advancing ack, which replays the rest.
     */
    Batch replay(int limit) {
        List<byte[]> messages = new ArrayList<>(Math.min(limit, buffer.size()));
        for (byte[] m : buffer) {
            if (messages.size() == limit) {
                break;
            }
            messages.add(m);
        }
        replayedMessages += Math.max(0, Math.min(messages.size(), writtenUpTo - acked));
        if (timed >= 0 && timed < acked + messages.size()) {
            timed = -1; // Karn: an ack for a replayed message does not say which copy it answers
        }
        writtenUpTo = Math.max(writtenUpTo, acked + messages.size());
        replayWanted = false;
        return new Batch(acked, messages);
    }

    /**
     * The shell (re)connected to its agent and replays everything now: a gap at an old position may be replayed
     * again, and the timeout starts again at its minimum, counted from now.
     */
    void connected(long now) {
        fastReplayPosition = -1;
        probing = false;
        rto = baseRto();
        lastProgress = now;
    }

    /** The last replay's messages are written; the timeout counts from here, not from while the shell was blocked. */
    void replayEnded(long now) {
        lastReplayEnd = now;
        replayedOnce = true;
    }

    /** Messages accepted and not yet acknowledged. */
    int unacknowledged() {
        return buffer.size();
    }

    /** Messages handed to an agent again (on reconnect, fast replay or timeout), in total. */
    long replayedMessages() {
        return replayedMessages;
    }
}
