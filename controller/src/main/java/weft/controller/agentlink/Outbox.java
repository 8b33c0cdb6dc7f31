package weft.controller.agentlink;

import java.util.ArrayList;
import java.util.List;
import weft.model.protocol.ControlMessage;

/** Collects what one call of the {@link AgentRegistry} asks its shell to do; one per call, one thread. */
final class Outbox {
    private final List<RegistryActions.Send> sends = new ArrayList<>();
    private final List<Long> closes = new ArrayList<>();
    private final List<RegistryActions.Note> notes = new ArrayList<>();

    void send(long session, ControlMessage m) {
        sends.add(new RegistryActions.Send(session, m));
    }

    void close(long session) {
        closes.add(session);
    }

    /** A log line; {@code text} must already be safe (peer text through {@code Printable}). */
    void info(String text) {
        notes.add(new RegistryActions.Note(false, text));
    }

    /** A warning; {@code text} must already be safe. */
    void warn(String text) {
        notes.add(new RegistryActions.Note(true, text));
    }

    RegistryActions done() {
        return sends.isEmpty() && closes.isEmpty() && notes.isEmpty() ? RegistryActions.NONE
                : new RegistryActions(sends, closes, notes);
    }
}
