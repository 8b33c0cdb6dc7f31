package weft.controller.discovery;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Builds and parses the LLDP frames Weft uses to find links (IEEE 802.1AB-2016 §8): destination
 * 01:80:c2:00:00:0e, ethertype 0x88cc, then TLVs Chassis ID (subtype 7, "locally assigned", text
 * {@code dpid:<16 hex>}), Port ID (subtype 7, the OpenFlow port number as text), TTL, End.
 *
 * <pre>
 * TLV header: | type (7 bits) | length (9 bits) | value (length bytes) |
 * </pre>
 */
public final class Lldp {
    /** The LLDP ethertype. */
    public static final int ETHERTYPE = 0x88cc;
    private static final byte[] NEAREST_BRIDGE = {0x01, (byte) 0x80, (byte) 0xc2, 0x00, 0x00, 0x0e};
    private static final int TLV_END = 0;
    private static final int TLV_CHASSIS = 1;
    private static final int TLV_PORT = 2;
    private static final int TLV_TTL = 3;
    private static final int SUBTYPE_LOCAL = 7;
    private static final String CHASSIS_PREFIX = "dpid:";

    /** Where an LLDP frame was sent from. */
    public record Origin(long dpid, int port) {
    }

    private Lldp() {
    }

    /** The frame switch {@code dpid} sends out of {@code port}, whose MAC is {@code srcMac}. */
    public static byte[] frame(long dpid, int port, byte[] srcMac) {
        byte[] chassis = (CHASSIS_PREFIX + String.format("%016x", dpid)).getBytes(StandardCharsets.US_ASCII);
        byte[] portId = Integer.toString(port).getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocate(14 + 2 + 1 + chassis.length + 2 + 1 + portId.length + 4 + 2);
        b.put(NEAREST_BRIDGE).put(srcMac).putShort((short) ETHERTYPE);
        tlv(b, TLV_CHASSIS, 1 + chassis.length).put((byte) SUBTYPE_LOCAL).put(chassis);
        tlv(b, TLV_PORT, 1 + portId.length).put((byte) SUBTYPE_LOCAL).put(portId);
        tlv(b, TLV_TTL, 2).putShort((short) 120);
        tlv(b, TLV_END, 0);
        return b.array();
    }

    private static ByteBuffer tlv(ByteBuffer b, int type, int length) {
        return b.putShort((short) ((type << 9) | length));
    }

    /** The origin a Weft LLDP frame names, or empty for any other frame (not LLDP, foreign LLDP, truncated). */
    public static Optional<Origin> parse(byte[] frame) {
        if (frame.length < 14 || (((frame[12] & 0xff) << 8) | (frame[13] & 0xff)) != ETHERTYPE) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(frame, 14, frame.length - 14);
        Long dpid = null;
        Integer port = null;
        while (b.remaining() >= 2) {
            int header = b.getShort() & 0xffff;
            int type = header >>> 9;
            int length = header & 0x1ff;
            if (type == TLV_END || length > b.remaining()) {
                break;
            }
            byte[] value = new byte[length];
            b.get(value);
            if (length < 2 || value[0] != SUBTYPE_LOCAL) {
                continue;
            }
            String text = new String(value, 1, length - 1, StandardCharsets.US_ASCII);
            try {
                if (type == TLV_CHASSIS && text.startsWith(CHASSIS_PREFIX)) {
                    dpid = Long.parseUnsignedLong(text.substring(CHASSIS_PREFIX.length()), 16);
                } else if (type == TLV_PORT) {
                    port = Integer.parseInt(text);
                }
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return dpid == null || port == null ? Optional.empty() : Optional.of(new Origin(dpid, port));
    }
}
