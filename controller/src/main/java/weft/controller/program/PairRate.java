package weft.controller.program;

/**
 * The rate one (source host, destination host) pair may send at, enforced by a meter at the source's switch.
 *
 * @param src        source host id
 * @param dst        destination host id
 * @param kbps       the meter's DROP band rate, kbit/s (OpenFlow 1.3 KBPS meters)
 * @param burstKbits the band's burst size, kbit
 * @param meterId    the pair's meter id on the source's switch, in Weft's range (see {@link PairRates})
 */
public record PairRate(String src, String dst, long kbps, long burstKbits, long meterId) {
    /** The rate in Mbit/s. */
    public double mbps() {
        return kbps / 1000.0;
    }
}
