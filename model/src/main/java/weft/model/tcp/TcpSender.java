package weft.model.tcp;

/**
 * The sending end of a TCP NewReno connection carrying bulk data the application writes ({@link #write}):
 * <ul>
 *   <li>slow start and congestion avoidance (RFC 5681 §3.1: the initial window of
 *       {@link TcpParameters#initialWindowBytes()}, {@code cwnd += min(N, SMSS)} per acknowledgement below
 *       {@code ssthresh}, {@code cwnd += SMSS*SMSS/cwnd} above; {@code ssthresh} starts at the receive window);</li>
 *   <li>fast retransmit and fast recovery on the third duplicate acknowledgement (RFC 5681 §3.2, with RFC 6582 §3.2's
 *       NewReno: enter only when the acknowledgement lies above {@code recover}, as stacks read "covers more than
 *       recover";
 *       {@code ssthresh = max(FlightSize/2, 2*SMSS)}, {@code cwnd = ssthresh + 3*SMSS}, one SMSS more per further
 *       duplicate; a partial acknowledgement retransmits the next hole and deflates {@code cwnd} by the bytes it
 *       acknowledged, adding back one SMSS when that is at least one SMSS; a full one sets
 *       {@code cwnd = min(ssthresh, max(FlightSize, SMSS) + SMSS)} and ends recovery);</li>
 *   <li>the retransmission timeout (RFC 6298, {@link RetransmissionTimer}): on expiry {@code ssthresh} as above (on the
 *       first expiry for the segment only), {@code cwnd} = one SMSS (RFC 5681's loss window), {@code recover} = the
 *       highest byte sent, and sending starts again from the first unacknowledged byte (go-back-N, in slow start).
 *       One segment at a time is timed for round-trip samples, never a retransmitted one (Karn's rule, RFC 6298
 *       §3).</li>
 * </ul>
 * {@code cwnd} never falls below one SMSS: a partial acknowledgement's deflation stops there. The window a segment
 * must fit is {@code min(cwnd, rwnd)}, counted from the first unacknowledged byte. Limited transmit, SACK, delayed
 * acknowledgements and Nagle's algorithm are not modelled (a segment is sent as soon as it fits).
 */
public final class TcpSender {
    private final TcpParameters params;
    private final long mss;
    private final RetransmissionTimer timer;
    private long written;
    private long sndUna;
    private long sndNxt;
    private long sndMax;
    private long cwnd;
    private long ssthresh;
    private int dupAcks;
    private boolean inRecovery;
    private boolean firstPartial;
    private long recover = -1;
    private boolean retransmitNow;
    private boolean backedOff;
    private long timedEnd = -1;
    private long timedAt;
    private long retransmittedSegments;
    private long timeouts;
    private long fastRetransmits;

    public TcpSender(TcpParameters params) {
        this.params = params;
        this.mss = params.mssBytes();
        this.timer = new RetransmissionTimer(params);
        this.cwnd = params.initialWindowBytes();
        this.ssthresh = params.receiveWindowBytes();
    }

    /** The application writes {@code bytes} more to send. */
    public void write(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("tcp: cannot write " + bytes + " B");
        }
        written += bytes;
    }

    /**
     * The segment to put on the wire now, or null when the window or the data allow none: a fast retransmission
     * first (regardless of the window), else the next bytes from {@code SND.NXT} that fit
     * {@code min(cwnd, rwnd)}. Starts the timer when it is not running.
     */
    public Segment next(long nowPs) {
        Segment s;
        if (retransmitNow) {
            retransmitNow = false;
            s = new Segment(sndUna, (int) Math.min(mss, sndMax - sndUna), true);
            retransmittedSegments++;
        } else {
            int len = (int) Math.min(mss, written - sndNxt);
            if (len <= 0 || sndNxt + len - sndUna > Math.min(cwnd, params.receiveWindowBytes())) {
                return null;
            }
            s = new Segment(sndNxt, len, sndNxt < sndMax);
            sndNxt += len;
            if (s.retransmission()) {
                retransmittedSegments++;
            }
            sndMax = Math.max(sndMax, sndNxt);
        }
        if (s.retransmission()) {
            timedEnd = -1;
        } else if (timedEnd < 0) {
            timedEnd = s.end();
            timedAt = nowPs;
        }
        if (!timer.running()) {
            timer.start(nowPs);
        }
        return s;
    }

    /**
     * A cumulative acknowledgement of every byte below {@code ackNo} arrived.
     *
     * @throws IllegalArgumentException when it acknowledges bytes never sent
     */
    public void ack(long ackNo, long nowPs) {
        if (ackNo > sndMax) {
            throw new IllegalArgumentException("tcp: acknowledgement " + ackNo + " beyond the bytes sent (" + sndMax
                    + ")");
        }
        if (ackNo > sndUna) {
            newAck(ackNo, nowPs);
        } else if (ackNo == sndUna && sndMax > sndUna) {
            duplicateAck();
        }
    }

    private void newAck(long ackNo, long nowPs) {
        long acked = ackNo - sndUna;
        if (timedEnd >= 0 && ackNo >= timedEnd) {
            timer.sample(nowPs - timedAt);
            timedEnd = -1;
        }
        sndUna = ackNo;
        sndNxt = Math.max(sndNxt, sndUna);
        backedOff = false;
        boolean restart = true;
        if (inRecovery) {
            if (ackNo > recover) {
                cwnd = Math.min(ssthresh, Math.max(sndMax - sndUna, mss) + mss);
                inRecovery = false;
                retransmitNow = false;
                dupAcks = 0;
            } else {
                retransmitNow = true;
                cwnd = Math.max(mss, cwnd - acked + (acked >= mss ? mss : 0));
                restart = firstPartial;
                firstPartial = false;
            }
        } else {
            dupAcks = 0;
            cwnd += cwnd < ssthresh ? Math.min(acked, mss) : Math.max(1, mss * mss / cwnd);
        }
        if (sndUna == sndMax) {
            timer.stop();
        } else if (restart) {
            timer.start(nowPs);
        }
    }

    private void duplicateAck() {
        dupAcks++;
        if (inRecovery) {
            cwnd += mss;
        } else if (dupAcks == TcpParameters.DUPACK_THRESHOLD && sndUna > recover) {
            ssthresh = halfFlight();
            cwnd = ssthresh + TcpParameters.DUPACK_THRESHOLD * mss;
            recover = sndMax - 1;
            inRecovery = true;
            firstPartial = true;
            retransmitNow = true;
            fastRetransmits++;
        }
    }

    private long halfFlight() {
        return Math.max((sndMax - sndUna) / 2, 2 * mss);
    }

    /**
     * Checks the retransmission timer: when it has expired with bytes outstanding, the timeout's reaction (class
     * comment) and true.
     */
    public boolean expire(long nowPs) {
        if (sndUna == sndMax) {
            timer.stop();
            return false;
        }
        if (nowPs < timer.deadlinePs()) {
            return false;
        }
        if (!backedOff) {
            ssthresh = halfFlight();
        }
        backedOff = true;
        cwnd = mss;
        recover = sndMax - 1;
        sndNxt = sndUna;
        inRecovery = false;
        retransmitNow = false;
        dupAcks = 0;
        timedEnd = -1;
        timeouts++;
        timer.backOff(nowPs);
        return true;
    }

    /** When the retransmission timer expires, {@link Long#MAX_VALUE} when it is stopped. */
    public long deadlinePs() {
        return timer.deadlinePs();
    }

    /** Whether a segment could be sent now ({@link #next} would return one). */
    public boolean canSend() {
        if (retransmitNow) {
            return true;
        }
        long len = Math.min(mss, written - sndNxt);
        return len > 0 && sndNxt + len - sndUna <= Math.min(cwnd, params.receiveWindowBytes());
    }

    /** The congestion window, bytes. */
    public long cwnd() {
        return cwnd;
    }

    /** The slow-start threshold, bytes. */
    public long ssthresh() {
        return ssthresh;
    }

    /** The first unacknowledged byte. */
    public long sndUna() {
        return sndUna;
    }

    /** The next byte to send. */
    public long sndNxt() {
        return sndNxt;
    }

    /** Bytes written and not yet acknowledged (the send buffer). */
    public long unacknowledged() {
        return written - sndUna;
    }

    /** Whether it is in fast recovery. */
    public boolean inRecovery() {
        return inRecovery;
    }

    /** The retransmission timer. */
    public RetransmissionTimer timer() {
        return timer;
    }

    /** Segments sent again (fast retransmissions, partial-acknowledgement and go-back-N ones). */
    public long retransmittedSegments() {
        return retransmittedSegments;
    }

    /** Retransmission timeouts. */
    public long timeouts() {
        return timeouts;
    }

    /** Fast retransmits (entries into fast recovery). */
    public long fastRetransmits() {
        return fastRetransmits;
    }
}
