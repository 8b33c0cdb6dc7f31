package weft.model.topology.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Iterator;
import java.util.List;

/**
 * Typed access to the fields of a parsed JSON object, failing with a {@link TopologyFormatException} that names the
 * source, the JSON path of the field and the problem.
 */
final class JsonFields {
    private final String source;

    JsonFields(String source) {
        this.source = source;
    }

    TopologyFormatException error(String location, String problem) {
        return new TopologyFormatException(source, location, problem);
    }

    /** The node as an object, with no fields outside {@code known}. */
    JsonNode object(JsonNode node, String path, List<String> known) {
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

    /** The array in a field, or an empty array node when the field is absent and optional. */
    JsonNode array(JsonNode object, String field, boolean required) {
        JsonNode v = object.get(field);
        if (v == null) {
            if (required) {
                throw missing("", field, "an array");
            }
            return JsonNodeFactory.instance.arrayNode();
        }
        if (!v.isArray()) {
            throw error(field, "expected an array, got " + describe(v));
        }
        return v;
    }

    String text(JsonNode object, String path, String field) {
        JsonNode v = require(object, path, field, "a string");
        if (!v.isTextual()) {
            throw error(join(path, field), "expected a string, got " + describe(v));
        }
        return v.textValue();
    }

    String optionalText(JsonNode object, String path, String field, String otherwise) {
        JsonNode v = object.get(field);
        if (v == null) {
            return otherwise;
        }
        if (!v.isTextual()) {
            throw error(join(path, field), "expected a string, got " + describe(v));
        }
        return v.textValue();
    }

    int integer(JsonNode object, String path, String field) {
        JsonNode v = require(object, path, field, "an integer");
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw error(join(path, field), "expected an integer, got " + describe(v));
        }
        return v.intValue();
    }

    double number(JsonNode object, String path, String field) {
        JsonNode v = require(object, path, field, "a number");
        return number(v, join(path, field));
    }

    Double optionalNumber(JsonNode object, String path, String field) {
        JsonNode v = object.get(field);
        return v == null ? null : number(v, join(path, field));
    }

    private double number(JsonNode v, String location) {
        if (!v.isNumber()) {
            throw error(location, "expected a number, got " + describe(v));
        }
        return v.doubleValue();
    }

    JsonNode require(JsonNode object, String path, String field, String expected) {
        JsonNode v = object.get(field);
        if (v == null) {
            throw missing(path, field, expected);
        }
        return v;
    }

    private TopologyFormatException missing(String path, String field, String expected) {
        return error(join(path, field), "missing field (expected " + expected + ")");
    }

    static String join(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    static String describe(JsonNode v) {
        if (v.isTextual()) {
            return "string \"" + v.textValue() + "\"";
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
