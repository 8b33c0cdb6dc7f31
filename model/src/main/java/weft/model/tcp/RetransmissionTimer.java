package weft.model.tcp;

/**
 * The retransmission timer of RFC 6298: the smoothed round-trip time and its variation from samples (§2.2-2.3,
 * alpha 1/8, beta 1/4, K = 4, clock granularity 0 since time is exact), the timeout bounded by the minimum and
 * maximum of {@link TcpParameters} (§2.4-2.5), doubling on each expiry (§5.5) until a new sample, and the deadline
 * of the running timer.
 */
public final class RetransmissionTimer {
    private final TcpParameters params;
    private double srtt = Double.NaN;
    private double rttvar;
    private long rto;
    private long deadline = Long.MAX_VALUE;

    public RetransmissionTimer(TcpParameters params) {
        this.params = params;
        this.rto = params.initialRtoPs();
    }

    /** A round-trip sample (RFC 6298 §2.2 for the first, §2.3 after), which also ends any backoff. */
    public void sample(long rttPs) {
        if (rttPs < 0) {
            throw new IllegalArgumentException("tcp: negative round-trip sample " + rttPs + " ps");
        }
        if (Double.isNaN(srtt)) {
            srtt = rttPs;
            rttvar = rttPs / 2.0;
        } else {
            rttvar = 0.75 * rttvar + 0.25 * Math.abs(srtt - rttPs);
            srtt = 0.875 * srtt + 0.125 * rttPs;
        }
        rto = bounded(srtt + 4 * rttvar);
    }

    private long bounded(double ps) {
        return (long) Math.min(params.maxRtoPs(), Math.max(params.minRtoPs(), Math.ceil(ps)));
    }

    /** (Re)starts the timer: it expires one timeout from now (RFC 6298 §5.1, §5.3). */
    public void start(long nowPs) {
        deadline = nowPs + rto;
    }

    /** Stops it: nothing is outstanding (§5.2). */
    public void stop() {
        deadline = Long.MAX_VALUE;
    }

    /** Whether it is running. */
    public boolean running() {
        return deadline != Long.MAX_VALUE;
    }

    /** When it expires, {@link Long#MAX_VALUE} when stopped. */
    public long deadlinePs() {
        return deadline;
    }

    /** It expired: doubles the timeout (up to the maximum, §5.5) and restarts it (§5.6). */
    public void backOff(long nowPs) {
        rto = Math.min(params.maxRtoPs(), 2 * rto);
        start(nowPs);
    }

    /** The current timeout. */
    public long rtoPs() {
        return rto;
    }

    /** The smoothed round-trip time, NaN before the first sample. */
    public double srttPs() {
        return srtt;
    }

    /** The round-trip time variation. */
    public double rttvarPs() {
        return rttvar;
    }
}
