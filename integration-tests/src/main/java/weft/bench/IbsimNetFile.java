package weft.bench;

import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Writes a topology as an ibsim net file (the ibnetdiscover-like format of ibsim's {@code net-examples}):
 * {@code Switch <ports> "id"} followed by {@code [port] "peer"[peerPort]} lines, then one {@code Hca 1 "id"}
 * record per host. The first host's HCA comes first among the HCAs; OpenSM runs on it.
 */
final class IbsimNetFile {
    private IbsimNetFile() {
    }

    static String write(Topology t) {
        StringBuilder sb = new StringBuilder("# weft topology ").append(t.name()).append('\n');
        for (Switch s : t.switches()) {
            sb.append("\nSwitch ").append(s.ports()).append(" \"").append(s.id()).append("\"\n");
            for (Host h : t.hostsOf(s.id())) {
                sb.append('[').append(h.port()).append("] \"").append(h.id()).append("\"[1]\n");
            }
            for (Link l : t.links()) {
                if (l.a().equals(s.id())) {
                    port(sb, l.aPort(), l.b(), l.bPort());
                } else if (l.b().equals(s.id())) {
                    port(sb, l.bPort(), l.a(), l.aPort());
                }
            }
        }
        for (Host h : t.hosts()) {
            sb.append("\nHca 1 \"").append(h.id()).append("\"\n[1] \"").append(h.switchId()).append("\"[")
                    .append(h.port()).append("]\n");
        }
        return sb.toString();
    }

    private static void port(StringBuilder sb, int port, String peer, int peerPort) {
        sb.append('[').append(port).append("] \"").append(peer).append("\"[").append(peerPort).append("]\n");
    }
}
