package weft.agent.datapath;

/** A reliable-stream frame that does not follow {@link StreamFragment} or {@link LocalFrames}; names what and where. */
public final class StreamFormatException extends RuntimeException {
    public StreamFormatException(String message) {
        super(message);
    }
}
