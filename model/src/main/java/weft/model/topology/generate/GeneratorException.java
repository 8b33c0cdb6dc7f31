package weft.model.topology.generate;

/**
 * A generator was asked for a fabric it cannot build; the message names the family, the parameter, the value
 * given and what was expected, e.g. {@code "torus: dims 4x1: every size must be >= 2"}.
 */
public class GeneratorException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public GeneratorException(String message) {
        super(message);
    }
}
