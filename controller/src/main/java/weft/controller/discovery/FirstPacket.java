package weft.controller.discovery;

import java.util.Optional;

/**
 * Learns a host from a packet it sent: the source MAC from the Ethernet header and the IPv4 sender from an ARP
 * packet (RFC 826 sender protocol address) or an IPv4 header (source address). VLAN-tagged frames are skipped:
 * hosts send untagged.
 */
public final class FirstPacket {
    /** A host as its first packet shows it. */
    public record Sighting(String mac, String ip) {
    }

    private FirstPacket() {
    }

    public static Optional<Sighting> parse(byte[] f) {
        if (f.length < 14) {
            return Optional.empty();
        }
        if ((f[6] & 1) != 0) {
            return Optional.empty();
        }
        String mac = String.format("%02x:%02x:%02x:%02x:%02x:%02x", f[6], f[7], f[8], f[9], f[10], f[11]);
        int type = ((f[12] & 0xff) << 8) | (f[13] & 0xff);
        if (type == 0x0806 && f.length >= 14 + 28) {
            return Optional.of(new Sighting(mac, ip(f, 14 + 14)));
        }
        if (type == 0x0800 && f.length >= 14 + 20) {
            return Optional.of(new Sighting(mac, ip(f, 14 + 12)));
        }
        return Optional.empty();
    }

    private static String ip(byte[] f, int at) {
        return (f[at] & 0xff) + "." + (f[at + 1] & 0xff) + "." + (f[at + 2] & 0xff) + "." + (f[at + 3] & 0xff);
    }
}
