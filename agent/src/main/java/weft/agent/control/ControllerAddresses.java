package weft.agent.control;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Which controller the agent connects to next. With several controllers (an HA cluster: every one is named with
 * {@code --controller a:p,b:p,c:p}) the agent tries them in order, moves to the next when a connection fails or
 * a session ends, and goes straight to the master when a standby names it ({@code not-master}). Pure: no
 * sockets, no clock.
 */
public final class ControllerAddresses {
    private final List<InetSocketAddress> list;
    private InetSocketAddress current;
    private int index;

    public ControllerAddresses(List<InetSocketAddress> addresses) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("--controller: at least one HOST:PORT is required");
        }
        this.list = new ArrayList<>(addresses);
        this.current = list.get(0);
    }

    /**
     * Parses {@code HOST:PORT[,HOST:PORT...]}.
     *
     * @throws IllegalArgumentException naming {@code --controller}, the entry and what was expected
     */
    public static ControllerAddresses parse(String text) {
        List<InetSocketAddress> out = new ArrayList<>();
        for (String entry : text.split(",", -1)) {
            out.add(address(entry.strip(), "--controller " + text));
        }
        return new ControllerAddresses(out);
    }

    private static InetSocketAddress address(String hostPort, String where) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException(where + ": expected HOST:PORT, got '" + hostPort + "'");
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(where + ": port of '" + hostPort + "' must be 1-65535");
        }
        String host = hostPort.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    /** {@code host:port} for logs (an unresolved address prints as {@code host/<unresolved>:port} otherwise). */
    public static String show(InetSocketAddress a) {
        return a.getHostString() + ":" + a.getPort();
    }

    /** Where to connect now. */
    public synchronized InetSocketAddress current() {
        return current;
    }

    /** Every configured address, in order. */
    public List<InetSocketAddress> all() {
        return List.copyOf(list);
    }

    /** The connection to {@link #current()} failed or its session ended: the next configured address. */
    public synchronized InetSocketAddress next() {
        index = (index + 1) % list.size();
        current = list.get(index);
        return current;
    }

    /**
     * A standby named the master's agent address: connect there next. A wildcard host ({@code 0.0.0.0}, {@code ::})
     * means "the host you reached me on", {@code via}.
     *
     * @return the address to connect to, or the next configured one when {@code hostPort} is null or malformed
     */
    public synchronized InetSocketAddress redirect(String hostPort, InetSocketAddress via) {
        if (hostPort == null) {
            return next();
        }
        InetSocketAddress a;
        try {
            a = address(hostPort, "not-master");
        } catch (IllegalArgumentException e) {
            return next();
        }
        String host = a.getHostString();
        if (host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0")) {
            a = InetSocketAddress.createUnresolved(via.getHostString(), a.getPort());
        }
        for (int i = 0; i < list.size(); i++) {
            InetSocketAddress l = list.get(i);
            if (l.getHostString().equals(a.getHostString()) && l.getPort() == a.getPort()) {
                index = i;
            }
        }
        current = a;
        return current;
    }
}
