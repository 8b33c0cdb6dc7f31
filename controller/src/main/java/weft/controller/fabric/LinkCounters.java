package weft.controller.fabric;

/**
 * Port counters of one direction of one link (a switch port transmitting onto the link), from OpenFlow port
 * statistics, with the rate over the last polling interval; kept for rate control and the API.
 *
 * @param link       the link, {@code a:port-b:port} as in the topology
 * @param from       the transmitting switch
 * @param port       its port
 * @param txBytes    bytes sent since the port was created
 * @param txPackets  packets sent
 * @param txDropped  packets the switch dropped on transmit
 * @param bitsPerSec transmit rate over the last interval (0 for the first sample)
 * @param atMillis   wall-clock time of the sample
 */
public record LinkCounters(String link, String from, int port, long txBytes, long txPackets, long txDropped,
                           double bitsPerSec, long atMillis) {
}
