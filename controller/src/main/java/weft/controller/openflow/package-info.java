/**
 * The OpenFlow 1.3 southbound: a Netty server (plain TCP or TLS) whose pipeline frames the byte stream by the
 * 16-bit header length ({@link weft.controller.openflow.OfFrameDecoder}), parses each frame with openflowj,
 * encodes {@code OFMessage}s ({@link weft.controller.openflow.OfMessageEncoder}) and ends in one
 * {@link weft.controller.openflow.SwitchSession} per switch.
 *
 * <p>The session runs the handshake as an enum state machine (HELLO and version negotiation to 1.3, FEATURES,
 * SET_CONFIG, port description), answers and sends ECHO keepalives, matches replies to requests by xid with timeouts,
 * accumulates multipart replies until {@code REPLY_MORE} clears, and runs barrier-confirmed transactions that collect
 * every error carrying one of the transaction's xids (OVS reports OXM prerequisite failures asynchronously, before the
 * barrier reply: docs/sources.md §5).
 *
 * <p>Source: OpenFlow Switch Specification 1.3.5 §6.3 (connection setup), §7.1 (header), §7.3.5 (multipart); the
 * handshake enum and barrier-terminated batches follow ONOS's {@code OFChannelHandler} and
 * {@code OpenFlowRuleProvider.executeBatch} (docs/sources.md).
 */
package weft.controller.openflow;
