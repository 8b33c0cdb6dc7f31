package weft.model.crp;

/**
 * A message a CRP node sends: to {@code to}, leaving no earlier than tick {@code at} (a source re-requests after
 * its retry wait; everything else leaves at once). The carrier (a simulator, a test, a network) moves it; CRP
 * nodes do not know about links.
 */
public record Outbound(Address to, CrpMessage message, long at) {
    public Outbound {
        if (to == null || message == null) {
            throw new IllegalArgumentException("outbound: no address or message");
        }
    }
}
