package weft.agent.datapath;

import io.netty.channel.EventLoop;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import weft.agent.crp.Reservations;
import weft.agent.voq.Voq;
import weft.agent.voq.VoqTable;
import weft.model.crp.ClockOffset;
import weft.model.crp.VoqReservation;
import weft.model.host.shaping.InjectionScheduler;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.ReservationReport;

/**
 * The data path's side of CRP (docs/crp.md): which VOQ sends reserved bytes now, the rate its bucket and the
 * scheduler run at in each slot, what the controller is asked and charged. The decisions are the model's
 * ({@link VoqReservation}, per VOQ, kept by {@link Reservations}); this class only maps VOQ indexes to them and sends
 * what they ask through the control session. Time is the injector's pacing clock ({@link AgentClock#nanoTime}): the
 * SNTP watch measures that clock's offset from the controller's, so slots map onto it directly and the VOQ's bucket
 * sees one clock. The public methods may be called from any thread (they hop onto the data-path loop); the others
 * run on that loop only, and the per-packet calls allocate nothing.
 *
 * <p>Rates: while a VOQ is reserving, its grants pace it ({@link weft.model.crp.GrantPacer}, by decision time) and the
 * scheduler weighs it at its slot's rate; otherwise its bucket and the scheduler run at its own rate (the
 * controller's, or the default), which {@link #base} remembers.
 *
 * <p>Decision (late wake-ups): a slot's bytes leave only inside its send window (docs/crp.md §9): the injector asks
 * the pacer at the time the packets leave, what a slot has not sent when its window closes expires at the next
 * periodic duty and the VOQ asks again for its backlog. A wake-up late inside the window sends what fell due since the
 * window's start; the scheduler weighs a reserving VOQ at {@link #CATCH_UP_SPEED} times its slot's uniform rate so
 * that Periodic Selection, which holds the injector for {@code bytes·8/R} after each packet, lets it make that up
 * before the window closes (with {@code R} the uniform rate, a wake-up 10 ms late stayed 10 ms behind to the window's
 * end, and that part expired). What a switch queue must absorb for it stays inside the slot's reservation.
 */
public final class ReservedVoqs {
    /** Drift assumed for the clock until the agent says otherwise: a common crystal's 100 ppm. */
    static final long DEFAULT_DRIFT_PPM = 100;
    /** How much faster than its slot's uniform rate a reserving VOQ may make up what fell due: 8 times. */
    static final long CATCH_UP_SPEED = 8;

    private final Reservations crp;
    private final VoqTable voqs;
    private final AgentClock clock;
    private final EventLoop loop;
    private final Runnable kick;
    private final VoqReservation[] of;
    private final long[] base;
    private final boolean[] wasReserving;
    private Consumer<ControlMessage> toController = m -> { };
    private ScheduledFuture<?> duties;

    /**
     * @param kick wakes the injector (a VOQ's reservations changed what it may send)
     */
    ReservedVoqs(VoqTable voqs, AgentClock clock, EventLoop loop, Runnable kick) {
        this.crp = new Reservations(DEFAULT_DRIFT_PPM, Injector.wireBytes(ShimHeader.MAX_PAYLOAD));
        this.voqs = voqs;
        this.clock = clock;
        this.loop = loop;
        this.kick = kick;
        this.of = new VoqReservation[voqs.capacity()];
        this.base = new long[voqs.capacity()];
        this.wasReserving = new boolean[voqs.capacity()];
    }

    /** Where reserves and charges go: the control session (it drops them while it is down). */
    public void toController(Consumer<ControlMessage> out) {
        loop.execute(() -> toController = out);
    }

    /**
     * The controller's CRP rules arrived: from now on VOQs ask for reservations and pace their grants, once the
     * clock's offset from the controller's is known ({@link #clockMeasured}). The periodic duties (requests,
     * expiry, charges) run every half slot, between 1 and 10 ms.
     */
    public void rules(ControlMessage.Crp rules) {
        loop.execute(() -> {
            crp.configure(rules);
            if (duties != null) {
                duties.cancel(false);
            }
            long period = Math.max(1_000_000L, Math.min(10_000_000L, rules.slotNanos() / 2));
            duties = loop.scheduleAtFixedRate(() -> {
                if (tick(clock.nanoTime())) {
                    kick.run();
                }
            }, 0, period, TimeUnit.NANOSECONDS);
        });
    }

    /** An answer of the controller to a reserve, or a revocation. */
    public void answer(ControlMessage m) {
        loop.execute(() -> {
            if (crp.onMessage(m, clock.nanoTime())) {
                kick.run();
            }
        });
    }

    /**
     * A measurement of the pacing clock ({@link AgentClock#nanoTime}) against the controller's, whose worst drift is
     * {@code driftPpm}.
     */
    public void clockMeasured(ClockOffset offset, long driftPpm) {
        loop.execute(() -> {
            crp.drift(driftPpm);
            crp.measured(offset);
        });
    }

    /** The control session ended: requests in flight will not be answered. */
    public void sessionLost() {
        loop.execute(crp::sessionLost);
    }

    /** Stops the periodic duties (the data path closes). */
    void close() {
        loop.execute(() -> {
            if (duties != null) {
                duties.cancel(false);
            }
        });
    }

    /** The controller's (or the default) rate of VOQ {@code index}, used while it does not reserve. */
    void base(int index, long bitsPerSecond) {
        base[index] = bitsPerSecond;
    }

    long base(int index) {
        return base[index];
    }

    /** The reservation state of VOQ {@code index} if it sends only reserved bytes at {@code nanoTime}, else null. */
    VoqReservation reserving(int index, long nanoTime) {
        VoqReservation v = of[index];
        return v != null && v.reserving(nanoTime) ? v : null;
    }

    /** Counts an unreserved packet of VOQ {@code index} (charged to the controller's tables). */
    void unreserved(int index, int wireBytes) {
        VoqReservation v = of[index];
        if (v != null) {
            v.sentUnreserved(wireBytes);
        }
    }

    /**
     * Sets the scheduler's rate of every VOQ with CRP state for {@code nanoTime}: {@link #CATCH_UP_SPEED} times its
     * slot's rate while reserving, its own otherwise (and its bucket's then).
     */
    void rates(long t, InjectionScheduler scheduler) {
        for (int i = 0; i < of.length; i++) {
            VoqReservation v = of[i];
            if (v == null) {
                continue;
            }
            Voq q = voqs.at(i);
            long rate;
            if (v.reserving(t)) {
                rate = Math.min(400_000_000_000L, v.pacer().rate(t) * CATCH_UP_SPEED);
            } else {
                rate = base[i];
                if (q != null && q.bucket().rateBitsPerSecond() != rate) {
                    q.bucket().setRate(rate, t);
                }
            }
            if (scheduler.rate(i) != rate) {
                scheduler.setRate(i, rate);
            }
        }
    }

    /**
     * The periodic duties: every VOQ gets its CRP state once CRP is active, expires its past slots and asks for
     * reservations for its backlog; unreserved bytes are charged.
     *
     * @return whether a VOQ gained or lost its state, or began or stopped reserving (the injector should run: a VOQ
     *         whose last grant expired with bytes left below the reserve threshold goes at its own rate, and nothing
     *         else would wake the injector for it once its sender has stopped writing)
     */
    boolean tick(long t) {
        boolean changed = false;
        for (int i = 0; i < of.length; i++) {
            Voq q = voqs.at(i);
            VoqReservation v = q == null ? null : crp.of(q.dst().getAddress().getHostAddress(), t);
            if (v != of[i]) {
                if (v == null && q != null) {
                    q.bucket().setRate(base[i], t); // CRP went off: the VOQ's own rate again
                }
                of[i] = v;
                changed = true;
            }
            if (v == null) {
                wasReserving[i] = false;
                continue;
            }
            v.pacer().expire(t);
            long backlog = q.backlogBytes() + (long) q.sizePackets() * (ShimHeader.LENGTH + 28);
            VoqReservation.Request r = v.poll(backlog, t, base[i] > 0);
            if (r != null) {
                toController.accept(new ControlMessage.Reserve(r.id(), q.dst().getAddress().getHostAddress(),
                        r.bytes(), null));
            }
            boolean reserving = v.reserving(t);
            if (reserving != wasReserving[i]) {
                wasReserving[i] = reserving;
                changed = true;
            }
        }
        ControlMessage.Charge charge = crp.charges();
        if (charge != null) {
            toController.accept(charge);
        }
        return changed;
    }

    /** What VOQ {@code index} did with reservations, or null when it has no CRP state. */
    ReservationReport report(int index) {
        VoqReservation v = of[index];
        return v == null ? null : v.report();
    }
}
