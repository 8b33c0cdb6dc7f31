package weft.controller.agentlink;

import java.util.ArrayList;
import java.util.List;
import weft.model.protocol.ControlMessage;

/** Collects what one call of the {@link AgentRegistry} asks its shell to do; one per call, one thread. */
final class Outbox {
    private final List<AgentRegistry.Send> sends = new ArrayList<>();
    private final List<Long> closes = new ArrayList<>();
    private final List<AgentRegistry.Note> notes = new ArrayList<>();

    void send(long session, ControlMessage m) {
        sends.add(new AgentRegistry.Send(session, m));
    }

    void close(long session) {
        closes.add(session);
    }

    /** A log line; {@code text} must already be safe (peer text through {@code Printable}). */
    void info(String text) {
        notes.add(new AgentRegistry.Note(false, text));
    }

    /** A warning; {@code text} must already be safe. */
    void warn(String text) {
        notes.add(new AgentRegistry.Note(true, text));
    }

    AgentRegistry.Actions done() {
        return sends.isEmpty() && closes.isEmpty() && notes.isEmpty() ? AgentRegistry.Actions.NONE
                : new AgentRegistry.Actions(sends, closes, notes);
    }
}
