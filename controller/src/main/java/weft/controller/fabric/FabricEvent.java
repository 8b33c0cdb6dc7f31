package weft.controller.fabric;

/**
 * Something the fabric service did or saw, for logs, the REST API, the event stream and lab reports.
 *
 * @param seq      position in the service's event sequence, from 1: consumers resume after the last one seen
 * @param atMillis wall-clock time in milliseconds since the epoch
 * @param kind     what happened
 * @param detail   one line naming the switch, link or numbers involved
 */
public record FabricEvent(long seq, long atMillis, Kind kind, String detail) {
    /** Event kinds. */
    public enum Kind {
        SWITCH_UP, SWITCH_DOWN, UNKNOWN_SWITCH, DUPLICATE_DPID, PORT_DOWN, PORT_UP, LINK_SILENT, ROUTES, PROGRAMMED,
        OPENFLOW_ERROR, FAILURE, ROLE
    }

    @Override
    public String toString() {
        return kind + " " + detail;
    }
}
