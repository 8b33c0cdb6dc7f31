/**
 * The controller-agent protocol: versioned, schema-defined control messages as JSON lines, and their codec.
 *
 * <p>Sources: seed 004 §4.1-4.2 (per-destination rates and path choices pushed to hosts, per-VOQ backlog reported
 * back); seed 000 §4.2-4.3 (rates computed centrally and realised at the source); Weft's mapping in docs/sources.md.
 * Decision: JSON lines (one UTF-8 JSON object per {@code \n}-terminated line, at most
 * {@link weft.model.protocol.ControlCodec#MAX_LINE_BYTES} bytes) rather than a binary format, because control traffic
 * is a few messages per second per host, the lines can be read with {@code nc} and {@code jq}, and Jackson is already
 * the model's only dependency. The data path (shim header over UDP) is binary; it lives in the agent.
 *
 * <p>Every message carries {@code "v": 1} and {@code "type"}; the schema is the set of records in this package
 * (field names as written, all fields required unless marked optional). A receiver rejects a line with a
 * {@link weft.model.protocol.ProtocolException} that names the field and the problem, answers with an
 * {@link weft.model.protocol.ControlMessage.Error}, and keeps the session.
 */
package weft.model.protocol;
