package weft.controller.program;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The rate one (source host, destination host) pair may send at, enforced by a meter at the source's switch.
 *
 * @param src        source host id
 * @param dst        destination host id
 * @param kbps       the meter's DROP band rate, kbit/s (OpenFlow 1.3 KBPS meters)
 * @param burstKbits the band's burst size, kbit
 * @param meterId    the pair's meter id on the source's switch, in Weft's range (see {@link PairRates})
 *
 * <p>As an entry of {@code weft-pair-rates/1} ({@link PairRates#toJson}): {@code src}, {@code dst}, {@code mbps},
 * {@code burst_kbit}, {@code meter_id}.
 */
@JsonPropertyOrder({"src", "dst", "mbps", "burst_kbit", "meter_id"})
public record PairRate(String src, String dst, @JsonIgnore long kbps, @JsonProperty("burst_kbit") long burstKbits,
                       @JsonProperty("meter_id") long meterId) {
    /** The rate in Mbit/s. */
    @JsonProperty("mbps")
    public double mbps() {
        return kbps / 1000.0;
    }
}
