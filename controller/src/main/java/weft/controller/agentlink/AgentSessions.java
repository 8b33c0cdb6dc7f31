package weft.controller.agentlink;

import java.util.HashMap;
import java.util.Map;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.Printable;

/**
 * The sessions of the {@link AgentRegistry} and the gate they pass: each must authenticate within
 * {@link AgentLinkLimits#authTimeoutNanos} and {@link AgentLinkLimits#maxLinesBeforeAuth} lines; a wrong token ends
 * it and counts against its peer address ({@link AuthFailures}); at most {@link AgentLinkLimits#maxUnauthenticated}
 * wait at once; an authenticated one silent for {@link AgentLinkLimits#idleTimeoutNanos} is closed. Same thread and
 * time as the registry.
 */
final class AgentSessions {
    private static final long SECOND = 1_000_000_000L;

    /** One connection. */
    static final class Session {
        final long id;
        final String address;
        /** {@code address:port}, safe to log. */
        final String peer;
        final long opened;
        long lastRead;
        int linesBeforeAuth;
        boolean authenticated;
        boolean closing;
        /** The host it registered, or null (not yet, or an admin session). */
        String host;

        Session(long id, String address, int port, long now) {
            this.id = id;
            this.address = address;
            this.peer = Printable.of(address) + ":" + port;
            this.opened = now;
            this.lastRead = now;
        }
    }

    private final AgentLinkLimits limits;
    private final AuthFailures failures;
    private final Map<Long, Session> sessions = new HashMap<>();
    private int unauthenticated;

    AgentSessions(AgentLinkLimits limits) {
        this.limits = limits;
        this.failures = new AuthFailures(limits.maxFailuresPerPeer(), limits.failureWindowNanos(), 1024);
    }

    /** Opens {@code session}, or refuses it (answered and closed in {@code out}) and returns null. */
    Session open(long session, String address, int port, long now, Outbox out) {
        long refused = failures.refusedFor(address, now);
        if (refused > 0) {
            out.send(session, new ControlMessage.Error("agent link: too many failed authentications from "
                    + Printable.of(address) + "; try again in " + (refused + SECOND - 1) / SECOND + " s"));
            out.close(session);
            return null;
        }
        Session s = new Session(session, address, port, now);
        if (unauthenticated >= limits.maxUnauthenticated()) {
            out.send(session, new ControlMessage.Error("agent link: " + unauthenticated + " connections are "
                    + "waiting to authenticate, the most allowed; try again later"));
            out.close(session);
            out.warn("agent link: refused " + s.peer + ": " + unauthenticated + " connections waiting to "
                    + "authenticate");
            return null;
        }
        sessions.put(session, s);
        unauthenticated++;
        return s;
    }

    /** The open session {@code id} that is not being closed, with its read time set to {@code now}, or null. */
    Session read(long id, long now) {
        Session s = sessions.get(id);
        if (s == null || s.closing) {
            return null;
        }
        s.lastRead = now;
        return s;
    }

    Session get(long id) {
        return sessions.get(id);
    }

    /** Forgets {@code id}, whose connection closed; returns it, or null if unknown. */
    Session closed(long id) {
        Session s = sessions.remove(id);
        if (s != null && !s.authenticated) {
            unauthenticated--;
        }
        return s;
    }

    /** Closes what did not authenticate in time and what went silent. */
    void tick(long now, Outbox out) {
        for (Session s : sessions.values()) {
            if (s.closing) {
                continue;
            }
            if (!s.authenticated && now - s.opened >= limits.authTimeoutNanos()) {
                close(s, "agent link: no register or set-rate with the token within "
                        + limits.authTimeoutNanos() / SECOND + " s; closing", out);
            } else if (s.authenticated && now - s.lastRead >= limits.idleTimeoutNanos()) {
                out.info("agent link: " + (s.host == null ? "admin session" : "agent " + Printable.of(s.host))
                        + " from " + s.peer + " sent nothing for " + limits.idleTimeoutNanos() / SECOND
                        + " s; closing it");
                close(s, "agent link: nothing received for " + limits.idleTimeoutNanos() / SECOND
                        + " s; closing", out);
            }
        }
    }

    /** Answers every open session with {@code answer} and closes it. */
    void closeAll(ControlMessage answer, Outbox out) {
        for (Session s : sessions.values()) {
            if (!s.closing) {
                out.send(s.id, answer);
                out.close(s.id);
                s.closing = true;
            }
        }
    }

    /** Answers {@code s} with {@code why} and closes it. */
    void close(Session s, String why, Outbox out) {
        out.send(s.id, new ControlMessage.Error(why));
        out.close(s.id);
        s.closing = true;
    }

    /** Counts a line of a session that has not authenticated; closes it past the limit. */
    void lineBeforeAuth(Session s, Outbox out) {
        if (!s.authenticated && ++s.linesBeforeAuth > limits.maxLinesBeforeAuth()) {
            out.warn("agent link: " + s.peer + " sent " + limits.maxLinesBeforeAuth() + " lines without "
                    + "authenticating; closing");
            close(s, "agent link: " + limits.maxLinesBeforeAuth() + " lines without register; closing", out);
        }
    }

    /** Answers a wrong token: the session ends, the failure is noted with the peer, the peer may be refused. */
    void authFailed(Session s, String request, long now, Outbox out) {
        int n = failures.fail(s.address, now);
        out.warn("agent link: wrong token in " + request + " from " + s.peer + " (failure " + n + " of "
                + failures.maxFailures() + " allowed per " + limits.failureWindowNanos() / SECOND + " s)"
                + (n == failures.maxFailures() ? "; refusing " + Printable.of(s.address) + " for the rest of the "
                + "window" : ""));
        close(s, request + ": bad token", out);
    }

    void authenticated(Session s) {
        if (!s.authenticated) {
            s.authenticated = true;
            unauthenticated--;
        }
    }
}
