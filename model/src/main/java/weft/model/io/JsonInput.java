package weft.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/**
 * The validating JSON reader every Weft format uses: it parses strictly (duplicate keys, trailing tokens, NaN and
 * over-deep nesting are errors; the text has a size limit checked before parsing) and reads typed fields, and every
 * failure is the format's own exception, made by {@link Errors} from the JSON location and the problem:
 * {@code "t.json: links[3].b_port: expected an integer, got string \"2\""}.
 *
 * <p>Messages: a missing field is {@code missing field (expected X)}, a wrong type {@code expected X, got Y} (Y as
 * {@link #describe} writes it), an unknown field {@code unknown field (known: a, b)}, a syntax error {@code line L,
 * column C: not valid JSON: ...}. Paths are joined with dots ({@code switches[0].id}); the root is {@code (root)}.
 */
public final class JsonInput {
    /** Deepest nesting of arrays and objects any Weft format needs, with room to spare. */
    public static final int MAX_DEPTH = 32;
    /** Longest string value or field name. */
    public static final int MAX_STRING_CHARS = 1 << 16;

    private static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .maxStringLength(MAX_STRING_CHARS)
                            .maxNameLength(MAX_STRING_CHARS)
                            .maxNumberLength(100)
                            .build())
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    /** Makes the format's exception from a JSON location (possibly empty) and a problem. */
    @FunctionalInterface
    public interface Errors {
        RuntimeException at(String location, String problem);
    }

    private final Errors errors;

    public JsonInput(Errors errors) {
        this.errors = errors;
    }

    /** The format's exception for a problem at a location. */
    public RuntimeException error(String location, String problem) {
        return errors.at(location, problem);
    }

    /**
     * Parses a whole document of at most {@code maxChars} characters.
     *
     * @param what the document's kind for the size message, e.g. {@code "a weft-topology/1 file"}
     */
    public JsonNode parse(String text, long maxChars, String what) {
        if (text.length() > maxChars) {
            throw error("", String.format("%,d characters, more than the %,d %s may have", text.length(), maxChars,
                    what));
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            String problem = e.getOriginalMessage().replaceAll("\\[Source: .*?; line: (\\d+), column: (\\d+)]",
                    "line $1, column $2");
            throw error(where, "not valid JSON: " + problem);
        }
        if (root == null || root.isMissingNode()) {
            throw error("", "not JSON: the input is empty");
        }
        return root;
    }

    /**
     * The root object of a versioned document: an object whose {@code format} is {@code format}.
     *
     * @param required false when a document may omit {@code format} (a hand-written table); present, it must match
     * @param kind     what such a file is called in the hint for a missing format, e.g. {@code "topology"}
     */
    public JsonNode versioned(JsonNode root, String format, boolean required, String kind) {
        if (!root.isObject()) {
            throw error("(root)", "expected a JSON object with \"format\": \"" + format + "\", got " + describe(root));
        }
        JsonNode v = root.get("format");
        if (v == null) {
            if (required) {
                throw error("format", "missing field (expected \"" + format + "\"); is this a Weft " + kind
                        + " file?");
            }
        } else if (!v.isTextual() || !v.textValue().equals(format)) {
            throw error("format", describe(v) + " is not supported (expected \"" + format + "\")");
        }
        return root;
    }

    /** The node as an object, with no fields outside {@code known}. */
    public JsonNode object(JsonNode node, String path, Collection<String> known) {
        if (!node.isObject()) {
            throw error(path, "expected an object, got " + describe(node));
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!known.contains(name)) {
                throw error(join(path, name), "unknown field (known: " + String.join(", ", known) + ")");
            }
        }
        return node;
    }

    /** The array in a field, or an empty array when the field is absent and optional. */
    public JsonNode array(JsonNode object, String path, String field, boolean required) {
        JsonNode v = object.get(field);
        if (v == null) {
            if (required) {
                throw missing(path, field, "an array");
            }
            return JsonNodeFactory.instance.arrayNode();
        }
        if (!v.isArray()) {
            throw error(join(path, field), "expected an array, got " + describe(v));
        }
        return v;
    }

    /** Reads one object of an array at its location, e.g. {@code hosts[3]}. */
    @FunctionalInterface
    public interface Element<T> {
        T read(JsonNode object, String location);
    }

    /**
     * The elements of {@code array}, the value of the top-level field {@code field}, in order: each must be an object
     * with no fields outside {@code known}, and {@code element} reads it at its location {@code field[i]}.
     */
    public <T> List<T> objects(JsonNode array, String field, Collection<String> known, Element<T> element) {
        List<T> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            String location = field + "[" + i + "]";
            out.add(element.read(object(array.get(i), location, known), location));
        }
        return out;
    }

    /**
     * Refuses an array of more than {@code max} elements, before anything is built from it.
     *
     * @param what the elements' name, e.g. {@code "switches"}
     */
    public JsonNode atMost(JsonNode array, String location, int max, String what, String limitOf) {
        if (array.size() > max) {
            throw error(location, String.format("%,d %s, more than the %,d %s may have", array.size(), what, max,
                    limitOf));
        }
        return array;
    }

    /** The field's value; missing is an error that says what was expected. */
    public JsonNode require(JsonNode object, String path, String field, String expected) {
        JsonNode v = object.get(field);
        if (v == null) {
            throw missing(path, field, expected);
        }
        return v;
    }

    /** A string (possibly empty). */
    public String text(JsonNode object, String path, String field) {
        return text(require(object, path, field, "a string"), join(path, field));
    }

    /** A string, or {@code otherwise} when the field is absent. */
    public String optionalText(JsonNode object, String path, String field, String otherwise) {
        return optional(object, path, field, otherwise, this::text);
    }

    /** A string with at least one non-blank character. */
    public String name(JsonNode object, String path, String field) {
        return name(require(object, path, field, "a non-empty string"), join(path, field));
    }

    /** A non-blank string, or {@code otherwise} when the field is absent. */
    public String optionalName(JsonNode object, String path, String field, String otherwise) {
        return optional(object, path, field, otherwise, this::name);
    }

    /** A non-blank string element of an array. */
    public String name(JsonNode v, String location) {
        if (!v.isTextual() || v.textValue().isBlank()) {
            throw error(location, "expected a non-empty string, got " + describe(v));
        }
        return v.textValue();
    }

    private String text(JsonNode v, String location) {
        if (!v.isTextual()) {
            throw error(location, "expected a string, got " + describe(v));
        }
        return v.textValue();
    }

    /** A JSON integer that fits an {@code int}. */
    public int integer(JsonNode object, String path, String field) {
        return integer(require(object, path, field, "an integer"), join(path, field));
    }

    /** An integer, or null when the field is absent or null. */
    public Integer optionalInteger(JsonNode object, String path, String field) {
        JsonNode v = object.get(field);
        return v == null || v.isNull() ? null : integer(v, join(path, field));
    }

    /** A JSON integer element that fits an {@code int}. */
    public int integer(JsonNode v, String location) {
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw error(location, "expected an integer, got " + describe(v));
        }
        return v.intValue();
    }

    /** A JSON integer that fits a {@code long}, or {@code otherwise} when the field is absent. */
    public long optionalLong(JsonNode object, String path, String field, long otherwise) {
        return optional(object, path, field, otherwise, this::longInteger);
    }

    private long longInteger(JsonNode v, String location) {
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw error(location, "expected an integer, got " + describe(v));
        }
        return v.longValue();
    }

    /** A finite JSON number. */
    public double number(JsonNode object, String path, String field) {
        return number(require(object, path, field, "a number"), join(path, field));
    }

    /** A number, or null when the field is absent. */
    public Double optionalNumber(JsonNode object, String path, String field) {
        return optional(object, path, field, null, this::number);
    }

    private double number(JsonNode v, String location) {
        if (!v.isNumber()) {
            throw error(location, "expected a number, got " + describe(v));
        }
        return v.doubleValue();
    }

    /** {@code true} or {@code false}, or {@code otherwise} when the field is absent. */
    public boolean optionalBool(JsonNode object, String path, String field, boolean otherwise) {
        return optional(object, path, field, otherwise, this::bool);
    }

    private boolean bool(JsonNode v, String location) {
        if (!v.isBoolean()) {
            throw error(location, "expected true or false, got " + describe(v));
        }
        return v.booleanValue();
    }

    /** The field read by {@code value}, or {@code otherwise} when the object has no such field. */
    private <T> T optional(JsonNode object, String path, String field, T otherwise, Value<T> value) {
        JsonNode v = object.get(field);
        return v == null ? otherwise : value.read(v, join(path, field));
    }

    /** Reads one JSON value found at {@code location}, or throws naming the location and what was expected. */
    @FunctionalInterface
    private interface Value<T> {
        T read(JsonNode v, String location);
    }

    private RuntimeException missing(String path, String field, String expected) {
        return error(join(path, field), "missing field (expected " + expected + ")");
    }

    /** {@code path.field}, or {@code field} at the root. */
    public static String join(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    /** A value as an error message shows it: {@code string "x"}, {@code number 2.5}, {@code null}, {@code an array}. */
    public static String describe(JsonNode v) {
        if (v.isTextual()) {
            String s = v.textValue();
            return "string \"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\"";
        }
        if (v.isNull()) {
            return "null";
        }
        if (v.isObject()) {
            return "an object";
        }
        if (v.isArray()) {
            return "an array";
        }
        if (v.isBoolean()) {
            return v.asText();
        }
        return "number " + v.asText();
    }
}
