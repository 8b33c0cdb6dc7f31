package weft.model.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Encodes control messages as single JSON lines and decodes them, rejecting malformed lines with a
 * {@link ProtocolException} that names the type, the field and the problem.
 *
 * <p>Framing (splitting the byte stream at {@code \n}, at most {@link #MAX_LINE_BYTES}) is the transport's job; this
 * class parses one line. Version rule: {@code v} must equal {@link #VERSION}; unknown fields are ignored so that a
 * newer peer may add optional fields within a version; an unknown {@code type} is rejected.
 */
public final class ControlCodec {
    /** Protocol version written into every message. */
    public static final int VERSION = 1;
    /** Longest accepted line in bytes, excluding the newline. */
    public static final int MAX_LINE_BYTES = 64 * 1024;

    /** The protocol's types by wire name: the one place a message type's name is written. */
    private static final Map<String, Class<? extends ControlMessage>> TYPES = Map.ofEntries(
            Map.entry("register", ControlMessage.Register.class),
            Map.entry("registered", ControlMessage.Registered.class),
            Map.entry("rates", ControlMessage.Rates.class),
            Map.entry("report", ControlMessage.Report.class),
            Map.entry("flows", ControlMessage.Flows.class),
            Map.entry("set-rate", ControlMessage.SetRate.class),
            Map.entry("ok", ControlMessage.Ok.class),
            Map.entry("error", ControlMessage.Error.class),
            Map.entry("not-master", ControlMessage.NotMaster.class),
            Map.entry("crp", ControlMessage.Crp.class),
            Map.entry("reserve", ControlMessage.Reserve.class),
            Map.entry("grant", ControlMessage.Grant.class),
            Map.entry("retry", ControlMessage.Retry.class),
            Map.entry("refused", ControlMessage.Refused.class),
            Map.entry("revoke", ControlMessage.Revoke.class),
            Map.entry("charge", ControlMessage.Charge.class));
    private static final Map<Class<? extends ControlMessage>, String> NAMES = TYPES.entrySet().stream()
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getValue, Map.Entry::getKey));

    private final ObjectMapper mapper = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES, false);

    /** The wire name of {@code message}'s type, e.g. {@code "reserve"}. */
    static String typeName(ControlMessage message) {
        return NAMES.get(message.getClass());
    }

    /** One line of JSON, without the trailing newline. */
    public String encode(ControlMessage message) {
        ObjectNode node = mapper.createObjectNode();
        node.put("v", VERSION);
        node.put("type", message.type());
        node.setAll((ObjectNode) mapper.valueToTree(message));
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message.type() + ": " + e.getOriginalMessage(), e);
        }
    }

    /** Parses one line (without its newline). */
    public ControlMessage decode(String line) throws ProtocolException {
        JsonNode node;
        try {
            node = mapper.readTree(line);
        } catch (JsonProcessingException e) {
            throw new ProtocolException("control line is not JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new ProtocolException("control line must be a JSON object, got " + shortly(line));
        }
        JsonNode v = node.get("v");
        if (v == null || !v.isInt()) {
            throw new ProtocolException("control line: field 'v' (protocol version) is missing or not an integer");
        }
        if (v.intValue() != VERSION) {
            throw new ProtocolException("control line: unsupported protocol version " + v.intValue() + ", expected "
                    + VERSION);
        }
        JsonNode t = node.get("type");
        if (t == null || !t.isTextual()) {
            throw new ProtocolException("control line: field 'type' is missing or not a string");
        }
        Class<? extends ControlMessage> type = TYPES.get(t.textValue());
        if (type == null) {
            throw new ProtocolException("control line: unknown type '" + t.textValue() + "', expected one of "
                    + new java.util.TreeSet<>(TYPES.keySet()));
        }
        ObjectNode body = ((ObjectNode) node).deepCopy();
        body.remove("v");
        body.remove("type");
        try {
            return mapper.treeToValue(body, type);
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String detail = cause.getMessage();
            throw new ProtocolException(detail.startsWith(t.textValue() + ": ") ? detail
                    : t.textValue() + ": " + detail);
        } catch (InvalidFormatException e) {
            throw new ProtocolException(t.textValue() + ": field '" + path(e) + "' has value " + e.getValue()
                    + " of the wrong type, expected " + e.getTargetType().getSimpleName());
        } catch (MismatchedInputException e) {
            if (e.getOriginalMessage().startsWith("Cannot map `null`")) {
                throw new ProtocolException(t.textValue() + ": field '" + path(e) + "' is missing or null");
            }
            throw new ProtocolException(t.textValue() + ": field '" + path(e) + "': " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new ProtocolException(t.textValue() + ": " + e.getOriginalMessage());
        }
    }

    private static String path(MismatchedInputException e) {
        StringBuilder sb = new StringBuilder();
        for (var ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(ref.getFieldName());
            } else {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static String shortly(String line) {
        return line.length() <= 40 ? line : line.substring(0, 40) + "...";
    }
}
