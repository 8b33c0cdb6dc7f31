package weft.controller.fabric;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import weft.controller.openflow.SwitchSession;

/**
 * Who holds a datapath id when two connections claim it (worker thread).
 *
 * <p>Decision: the connection that holds the dpid keeps it while it answers an ECHO_REQUEST within
 * {@link #PROBE}; the newcomer is closed and both addresses are reported ({@code DUPLICATE_DPID}). A holder that
 * does not answer is taken for the dead connection of a switch that reconnected: it is closed and the newcomer
 * takes its place. Either way the switch is never marked down while a live connection holds it, and messages from
 * a connection that does not hold its dpid are ignored ({@link #refused}). ONOS also refuses the second connection
 * of a dpid; Ryu replaces the first one unconditionally.
 */
final class DpidClaims {
    /** How long a connection holding a dpid has to answer an echo when a second connection claims the dpid. */
    static final Duration PROBE = Duration.ofSeconds(1);

    private final Map<Long, String> switchByDpid;
    private final Map<String, SwitchSession> sessions;
    private final Executor worker;
    private final EventLog log;
    private final Consumer<SwitchSession> admit;

    /**
     * @param switchByDpid switch ids by datapath id
     * @param sessions     the connection holding each switch id
     * @param worker       the fabric service's worker, where the outcome of a contest is decided
     * @param log          where refusals and replacements are reported
     * @param admit        takes a newcomer that won its contest through the switch-up path again
     */
    DpidClaims(Map<Long, String> switchByDpid, Map<String, SwitchSession> sessions, Executor worker, EventLog log,
               Consumer<SwitchSession> admit) {
        this.switchByDpid = switchByDpid;
        this.sessions = sessions;
        this.worker = worker;
        this.log = log;
        this.admit = admit;
    }

    /**
     * True when another ready connection holds the newcomer's dpid: the holder is sent an echo, and the contest
     * is decided on the worker when it answers or fails to.
     */
    boolean contested(SwitchSession newcomer) {
        Optional<SwitchSession> held = sessions.values().stream().filter(s -> s != newcomer
                && s.dpid() == newcomer.dpid() && s.state() == SwitchSession.State.READY).findFirst();
        held.ifPresent(h -> h.echo(PROBE).whenComplete((ok, failure) -> worker.execute(() ->
                decide(h, newcomer, failure == null))));
        return held.isPresent();
    }

    private void decide(SwitchSession held, SwitchSession newcomer, boolean heldAnswered) {
        if (newcomer.state() != SwitchSession.State.READY) {
            return;
        }
        if (heldAnswered && held.state() == SwitchSession.State.READY) {
            log.event(FabricEvent.Kind.DUPLICATE_DPID, "dpid " + newcomer.dpidHex() + " from " + newcomer.remote()
                    + " refused: already connected from " + held.remote() + ", which answers echo");
            newcomer.close();
            return;
        }
        log.event(FabricEvent.Kind.DUPLICATE_DPID, "dpid " + held.dpidHex() + " at " + held.remote()
                + " did not answer echo within " + PROBE.toMillis() + " ms; replaced by the connection from "
                + newcomer.remote());
        sessions.values().remove(held);
        held.close();
        admit.accept(newcomer);
    }

    /** True when another connection holds this session's datapath id: its messages are not the switch's. */
    boolean refused(SwitchSession session) {
        String id = switchByDpid.get(session.dpid());
        SwitchSession holder = id == null ? null : sessions.get(id);
        return holder != null && holder != session;
    }
}
