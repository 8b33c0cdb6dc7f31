package weft.model.repro;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of one run of a reproduction: quick (CI) or paper size, the random seed, and every parameter's value
 * (the size's default unless overridden). Getters parse and check values and name the parameter in their errors.
 *
 * @param quick  the quick size
 * @param seed   seed of every random draw of the run
 * @param values every declared parameter's value, in declaration order
 * @param runner runs the independent pieces of the experiment; never changes the result
 */
public record ReproOptions(boolean quick, long seed, Map<String, String> values, TaskRunner runner) {
    public ReproOptions {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        if (runner == null) {
            throw new IllegalArgumentException("runner must not be null");
        }
    }

    /** Options whose pieces run one after another. */
    public ReproOptions(boolean quick, long seed, Map<String, String> values) {
        this(quick, seed, values, TaskRunner.SEQUENTIAL);
    }

    /** The same options, the pieces run by {@code r}. */
    public ReproOptions withRunner(TaskRunner r) {
        return new ReproOptions(quick, seed, values, r);
    }

    /**
     * Resolves the parameters of {@code repro} at a size with overrides.
     *
     * @throws IllegalArgumentException naming an override the reproduction does not declare
     */
    public static ReproOptions of(Reproduction repro, boolean quick, long seed, Map<String, String> overrides) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Parameter p : repro.parameters()) {
            values.put(p.name(), quick ? p.quick() : p.paper());
        }
        for (Map.Entry<String, String> o : overrides.entrySet()) {
            if (!values.containsKey(o.getKey())) {
                throw new IllegalArgumentException(repro.name() + ": unknown parameter --" + o.getKey()
                        + "; known: " + String.join(", ", values.keySet()));
            }
            values.put(o.getKey(), o.getValue());
        }
        return new ReproOptions(quick, seed, values);
    }

    /** The raw value of a parameter. */
    public String string(String name) {
        String v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no parameter --" + name);
        }
        return v;
    }

    /**
     * An integer parameter in {@code [min, max]}.
     *
     * @throws IllegalArgumentException naming the parameter, its value and the range
     */
    public int integer(String name, int min, int max) {
        String v = string(name);
        try {
            int i = Integer.parseInt(v.trim());
            if (i < min || i > max) {
                throw new IllegalArgumentException("--" + name + " must be in " + min + ".." + max + ", got " + i);
            }
            return i;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + ": expected an integer, got '" + v + "'", e);
        }
    }

    /** A comma-separated list of integers, each in {@code [min, max]}, at least one. */
    public List<Integer> integers(String name, int min, int max) {
        String v = string(name);
        List<Integer> out = new ArrayList<>();
        for (String part : v.split(",")) {
            try {
                int i = Integer.parseInt(part.trim());
                if (i < min || i > max) {
                    throw new IllegalArgumentException("--" + name + ": " + i + " outside " + min + ".." + max);
                }
                out.add(i);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + ": expected integers separated by commas, got '"
                        + v + "'", e);
            }
        }
        return List.copyOf(out);
    }

    /** A number parameter in {@code [min, max]}. */
    public double number(String name, double min, double max) {
        String v = string(name);
        try {
            double d = Double.parseDouble(v.trim());
            if (!(d >= min && d <= max)) {
                throw new IllegalArgumentException("--" + name + " must be in [" + min + ", " + max + "], got " + d);
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + ": expected a number, got '" + v + "'", e);
        }
    }
}
