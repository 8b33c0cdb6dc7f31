package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Textual arguments for one {@link TopologyGenerator}, checked against its parameter list: unknown names and
 * missing required ones are rejected up front, defaults filled in, and the typed getters name the family, the
 * parameter and the bad value, e.g. {@code "kary-ntree: --k must be an integer, got 'x'"}.
 */
public final class GeneratorArguments {
    private final String kind;
    private final Map<String, String> values;

    private GeneratorArguments(String kind, Map<String, String> values) {
        this.kind = kind;
        this.values = values;
    }

    /**
     * Checks {@code given} (parameter name to text) against the generator's parameters.
     *
     * @throws GeneratorException for an unknown or missing parameter
     */
    public static GeneratorArguments of(TopologyGenerator generator, Map<String, String> given) {
        Map<String, String> values = new HashMap<>();
        List<String> known = new ArrayList<>();
        for (GeneratorParameter p : generator.parameters()) {
            known.add(p.name());
            String v = given.get(p.name());
            if (v == null && p.isRequired()) {
                throw new GeneratorException(generator.kind() + ": missing required parameter --" + p.name()
                        + " (" + p.description() + ")");
            }
            values.put(p.name(), v == null ? p.defaultValue() : v);
        }
        for (String name : given.keySet()) {
            if (!known.contains(name)) {
                throw new GeneratorException(generator.kind() + ": unknown parameter --" + name + "; known: --"
                        + String.join(", --", known));
            }
        }
        return new GeneratorArguments(generator.kind(), values);
    }

    /** An integer parameter, at least {@code min}. */
    public int integer(String name, int min) {
        String text = text(name);
        int v;
        try {
            v = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new GeneratorException(kind + ": --" + name + " must be an integer, got '" + text + "'");
        }
        return atLeast(kind, name, v, min);
    }

    /**
     * A family's integer parameter, refused below {@code min}: {@code "ring: --switches must be >= 2, got 1"}, the
     * check every family's typed {@code generate(...)} makes too.
     */
    static int atLeast(String kind, String name, int value, int min) {
        if (value < min) {
            throw new GeneratorException(kind + ": --" + name + " must be >= " + min + ", got " + value);
        }
        return value;
    }

    /** A 64-bit integer parameter (seeds). */
    public long longInteger(String name) {
        String text = text(name);
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new GeneratorException(kind + ": --" + name + " must be an integer, got '" + text + "'");
        }
    }

    /** A text parameter, one of {@code choices}. */
    public String choice(String name, List<String> choices) {
        String text = text(name);
        if (!choices.contains(text)) {
            throw new GeneratorException(kind + ": --" + name + " must be one of " + String.join(", ", choices)
                    + ", got '" + text + "'");
        }
        return text;
    }

    /** Dimension sizes written {@code 4x8} or {@code 4x4x4}, each at least {@code min}. */
    public List<Integer> dims(String name, int min) {
        String text = text(name);
        List<Integer> sizes = new ArrayList<>();
        for (String part : text.trim().split("[xX]", -1)) {
            int v;
            try {
                v = Integer.parseInt(part);
            } catch (NumberFormatException e) {
                throw new GeneratorException(kind + ": --" + name + " must look like 4x8 or 4x4x4, got '" + text
                        + "'");
            }
            if (v < min) {
                throw new GeneratorException(kind + ": --" + name + " " + text + ": every size must be >= " + min
                        + ", got " + v);
            }
            sizes.add(v);
        }
        return List.copyOf(sizes);
    }

    /** The raw text of a parameter (its default when not given). */
    String text(String name) {
        if (!values.containsKey(name)) {
            throw new IllegalStateException(kind + ": parameter " + name + " is not declared by the generator");
        }
        return values.get(name);
    }
}
