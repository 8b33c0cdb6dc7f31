package weft.controller.agentlink;

import java.util.List;
import weft.model.protocol.ControlMessage;

/**
 * What one call of the {@link AgentRegistry} asks its shell to do, in this order: send each message, close each
 * session (after its messages are written), log each note.
 */
public record RegistryActions(List<Send> sends, List<Long> closes, List<Note> notes) {
    static final RegistryActions NONE = new RegistryActions(List.of(), List.of(), List.of());

    /** One message for one session. */
    public record Send(long session, ControlMessage message) {
    }

    /** A line for the log; {@code text} is safe to log as it is. */
    public record Note(boolean warning, String text) {
    }

    public RegistryActions {
        sends = List.copyOf(sends);
        closes = List.copyOf(closes);
        notes = List.copyOf(notes);
    }
}
