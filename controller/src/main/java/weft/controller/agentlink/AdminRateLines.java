package weft.controller.agentlink;

import java.util.Map;
import weft.controller.ha.NotMasterException;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.Printable;

/**
 * An administrator's {@code set-rate} line on the agent link ({@code weft rates set} / {@code --clear}): it must
 * carry the shared token (a wrong one counts against its address, as a wrong {@code register}), a standby answers
 * with the master's name, and the master applies it to the {@link RateBook} (which keeps it in the cluster first)
 * and answers {@code ok} or an {@code error} naming the problem.
 */
final class AdminRateLines {
    private final AgentToken token;
    private final AgentSessions sessions;
    private final RateBook book;
    /** The registry's live sessions by host (read only). */
    private final Map<String, Long> live;
    private AgentCluster cluster;

    AdminRateLines(AgentToken token, AgentSessions sessions, RateBook book, Map<String, Long> live) {
        this.token = token;
        this.sessions = sessions;
        this.book = book;
        this.live = live;
    }

    /** Joins an HA cluster: a standby refuses rates from now on. */
    void cluster(AgentCluster c) {
        this.cluster = c;
    }

    /** Answers {@code m} on {@code s}. */
    void received(AgentSessions.Session s, ControlMessage.SetRate m, long now, Outbox out) {
        String pair = Printable.of(m.src()) + " -> " + Printable.of(m.dst());
        if (!token.matches(m.token())) {
            sessions.authFailed(s, (m.clear() ? "clear " : "set-rate ") + pair, now, out);
            return;
        }
        sessions.authenticated(s);
        ControlMessage.NotMaster elsewhere = cluster == null ? null : cluster.standby();
        if (elsewhere != null) {
            out.send(s.id, new ControlMessage.Error((m.clear() ? "clear " : "set-rate ") + pair + ": "
                    + elsewhere.detail()));
            return;
        }
        if (m.clear()) {
            boolean had = book.hasManualRate(m.src(), m.dst());
            try {
                book.clearRate(m.src(), m.dst(), out);
            } catch (NotMasterException e) {
                out.send(s.id, new ControlMessage.Error("clear " + pair + ": " + e.getMessage()));
                return;
            }
            out.send(s.id, had ? new ControlMessage.Ok("rate " + pair + " cleared: " + (book.allocatorName() == null
                    ? "no rate" : "allocated by " + book.allocatorName() + " if it has a flow"))
                    : new ControlMessage.Error("clear " + pair + ": no rate set by hand for this pair"));
            return;
        }
        try {
            book.setRate(m.src(), m.dst(), m.bitsPerSecond(), m.policy(), out);
            out.send(s.id, new ControlMessage.Ok("rate " + pair + " = " + m.bitsPerSecond() + " bit/s "
                    + (live.containsKey(m.src()) ? "pushed" : "stored; " + Printable.of(m.src())
                    + " is not connected")));
        } catch (IllegalArgumentException | NotMasterException e) {
            out.send(s.id, new ControlMessage.Error(e.getMessage()));
        }
    }
}
