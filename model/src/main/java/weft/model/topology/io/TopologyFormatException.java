package weft.model.topology.io;

import weft.model.topology.TopologyException;

/**
 * A topology file that cannot be read: the message names the source (usually the file name), the location in it
 * (a JSON path such as {@code links[3].b_port}, or {@code line 4, column 12} for syntax errors) and the problem,
 * e.g. {@code "t.json: links[3].b: unknown switch s9"}.
 */
public class TopologyFormatException extends TopologyException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String location;
    private final String problem;

    public TopologyFormatException(String source, String location, String problem) {
        super(source + ": " + (location.isEmpty() ? "" : location + ": ") + problem);
        this.source = source;
        this.location = location;
        this.problem = problem;
    }

    /** The file or stream name given to the reader. */
    public String source() {
        return source;
    }

    /** Where in the source: a JSON path, {@code line L, column C}, or {@code line L} for line formats. */
    public String location() {
        return location;
    }

    /** What is wrong and what was expected. */
    public String problem() {
        return problem;
    }
}
