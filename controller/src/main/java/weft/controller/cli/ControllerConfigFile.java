package weft.controller.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import weft.model.io.JsonInput;

/**
 * A {@code weft-controller/1} configuration file: every option of {@code weft controller run}, by its long name
 * without the dashes, in YAML ({@code .yaml}, {@code .yml}) or JSON (any other name). Options given on the command
 * line win over the file.
 *
 * <pre>
 * format: weft-controller/1
 * topo: fabric.json            # a file: relative to this file's directory
 * engine: lash,updown
 * listen: 0.0.0.0:6653
 * rest: 127.0.0.1:8080
 * rest-token-file: rest.token
 * table-miss: true             # a flag: true sets it, false leaves it off
 * max-layers: 8
 * </pre>
 *
 * <p>The file is read as strictly as Weft's other formats ({@link JsonInput}: duplicate keys, unknown keys and
 * wrong types are errors naming the file, the key and the problem), then each value is checked by the same code
 * as the option it sets. Decision: keys are exactly the options' names, so every option (and every option added
 * later) can be set from the file, and {@code --help} documents both.
 */
final class ControllerConfigFile {
    /** The format name the file must declare. */
    static final String FORMAT = "weft-controller/1";
    /** Largest configuration file read. */
    static final long MAX_CHARS = 1 << 20;
    private static final YAMLMapper YAML = YAMLMapper.builder(YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build()).build();

    private ControllerConfigFile() {
    }

    /**
     * Sets every option the file names and the command line does not.
     *
     * @param file    the configuration file
     * @param spec    the command whose options the file sets
     * @param exclude options the file may not set (the option that names the file, help)
     * @throws CliFailure (input) naming the file, the key and the problem
     */
    static void apply(Path file, CommandSpec spec, List<String> exclude) {
        JsonInput in = new JsonInput((location, problem) -> new CliFailure(file + ": "
                + (location.isEmpty() ? "" : location + ": ") + problem, CliFailure.INPUT));
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new CliFailure(file + ": cannot read: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()), CliFailure.INPUT);
        }
        String name = file.getFileName().toString();
        JsonNode root = name.endsWith(".yaml") || name.endsWith(".yml") ? yaml(in, text) : in.parse(text, MAX_CHARS,
                "a " + FORMAT + " file");
        in.versioned(root, FORMAT, true, "controller configuration");
        Map<String, OptionSpec> byKey = new TreeMap<>();
        for (OptionSpec o : spec.options()) {
            String longName = o.longestName();
            if (longName.startsWith("--") && !exclude.contains(longName) && !o.usageHelp() && !o.versionHelp()) {
                byKey.put(longName.substring(2), o);
            }
        }
        List<String> known = new ArrayList<>(List.of("format"));
        known.addAll(byKey.keySet());
        in.object(root, "", known);
        ParseResult given = spec.commandLine().getParseResult();
        Path base = file.toAbsolutePath().getParent();
        for (Map.Entry<String, JsonNode> field : root.properties()) {
            OptionSpec o = byKey.get(field.getKey());
            if (o == null || given != null && given.hasMatchedOption(o)) {
                continue;
            }
            o.setValue(value(in, field.getKey(), field.getValue(), o.type(), base));
        }
    }

    private static JsonNode yaml(JsonInput in, String text) {
        if (text.length() > MAX_CHARS) {
            throw in.error("", String.format("%,d characters, more than the %,d a %s file may have", text.length(),
                    MAX_CHARS, FORMAT));
        }
        try {
            JsonNode root = YAML.readTree(text);
            if (root == null || root.isMissingNode()) {
                throw in.error("(root)", "empty; expected format: " + FORMAT + " and the options");
            }
            return root;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            List<String> lines = e.getOriginalMessage().lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("in '") && !l.equals("^")).toList();
            String problem = lines.isEmpty() ? "" : lines.get(0);
            if (lines.size() > 1 && !lines.get(lines.size() - 1).equals(problem)) {
                problem += "; " + lines.get(lines.size() - 1);
            }
            throw in.error(where, "not valid YAML: " + problem);
        }
    }

    /** The value of one key as the option's type, checked as a JSON value; files relative to the config file. */
    private static Object value(JsonInput in, String key, JsonNode v, Class<?> type, Path base) {
        if (type == boolean.class || type == Boolean.class) {
            if (!v.isBoolean()) {
                throw in.error(key, "expected true or false, got " + JsonInput.describe(v));
            }
            return v.booleanValue();
        }
        if (type == int.class || type == Integer.class) {
            return in.integer(v, key);
        }
        if (type == long.class || type == Long.class) {
            if (!v.canConvertToLong() || !v.isIntegralNumber()) {
                throw in.error(key, "expected an integer, got " + JsonInput.describe(v));
            }
            return v.longValue();
        }
        if (type == double.class || type == Double.class) {
            if (!v.isNumber()) {
                throw in.error(key, "expected a number, got " + JsonInput.describe(v));
            }
            return v.doubleValue();
        }
        if (!v.isTextual() && !(v.isNumber() && type == String.class)) {
            throw in.error(key, "expected a string, got " + JsonInput.describe(v));
        }
        String text = v.asText();
        if (type == String.class) {
            return text;
        }
        if (type == File.class) {
            return base.resolve(text).toFile();
        }
        if (type == Path.class) {
            return base.resolve(text);
        }
        throw in.error(key, "cannot be set from a configuration file (option of type " + type.getSimpleName()
                + "); give it on the command line");
    }
}
