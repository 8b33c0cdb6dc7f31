package weft.model.topology.generate;

/**
 * A family-specific generator parameter.
 *
 * @param name         the name, used as {@code --name} on the command line
 * @param description  one line for {@code --help}
 * @param defaultValue the value used when none is given, or {@code null} when the parameter is required
 */
public record GeneratorParameter(String name, String description, String defaultValue) {
    public GeneratorParameter {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("parameter name must be lower-case words joined by '-', got " + name);
        }
    }

    /** A parameter without default. */
    public static GeneratorParameter required(String name, String description) {
        return new GeneratorParameter(name, description, null);
    }

    /** A parameter with a default value. */
    public static GeneratorParameter optional(String name, String description, String defaultValue) {
        return new GeneratorParameter(name, description, defaultValue);
    }

    public boolean isRequired() {
        return defaultValue == null;
    }
}
