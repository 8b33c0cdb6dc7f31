package weft.model.repro;

/**
 * A knob of a reproduction ({@code weft repro NAME --NAME VALUE}), with its value at the paper's size and at the
 * quick size used in CI.
 *
 * @param name        option name without dashes, e.g. {@code "k"} or {@code "runs"}
 * @param description one line for {@code --help}
 * @param paper       value at the paper's size
 * @param quick       value with {@code --quick}
 */
public record Parameter(String name, String description, String paper, String quick) {
    public Parameter {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("parameter name must be lower-case letters, digits and dashes, got "
                    + name);
        }
        if (description == null || paper == null || quick == null) {
            throw new IllegalArgumentException("parameter " + name + ": description and both sizes must be set");
        }
    }
}
