package weft.controller.cli;

import java.net.InetSocketAddress;

/** The HOST:PORT value of a command-line option. */
public final class HostPort {
    private HostPort() {
    }

    /**
     * Parses the HOST:PORT value of an option: a host name or address (IPv6 in brackets) and a port in 0..65535.
     *
     * @throws CliFailure (usage) naming the option and the value
     */
    public static InetSocketAddress parse(String option, String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new CliFailure(option + " must be HOST:PORT, got " + hostPort, CliFailure.USAGE);
        }
        String host = hostPort.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new CliFailure(option + " must be HOST:PORT with a numeric port, got " + hostPort,
                    CliFailure.USAGE);
        }
        if (port < 0 || port > 65535) {
            throw new CliFailure(option + " " + hostPort + ": port " + port + " is outside 0..65535",
                    CliFailure.USAGE);
        }
        InetSocketAddress a = new InetSocketAddress(host, port);
        if (a.isUnresolved()) {
            throw new CliFailure(option + " " + hostPort + ": unknown host " + host, CliFailure.USAGE);
        }
        return a;
    }
}
