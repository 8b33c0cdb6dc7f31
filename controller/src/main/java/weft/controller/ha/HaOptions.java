package weft.controller.ha;

import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Where the cluster's coordination lives and who this node is.
 *
 * @param connectString  ZooKeeper servers, {@code host:port[,host:port...]}
 * @param root           the cluster's znode, e.g. {@code /weft} (every controller of one fabric uses the same)
 * @param nodeId         this controller's id, unique in the cluster
 * @param sessionTimeout ZooKeeper session timeout: how long a dead master keeps the leadership
 * @param self           how other nodes, agents and operators reach this one
 */
public record HaOptions(String connectString, String root, String nodeId, Duration sessionTimeout, Member self) {
    private static final Pattern SERVER = Pattern.compile("[A-Za-z0-9._\\-\\[\\]:]+:\\d{1,5}");
    private static final Pattern PATH = Pattern.compile("(/[A-Za-z0-9._\\-]+)+");
    /** Node ids go into znode names, log lines and REST answers. */
    public static final Pattern NODE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._\\-]{0,62}");

    public HaOptions {
        if (!NODE_ID.matcher(nodeId).matches()) {
            throw new IllegalArgumentException("--node-id: expected 1-63 letters, digits, '.', '_' or '-' "
                    + "starting with a letter or digit, got '" + nodeId + "'");
        }
        if (sessionTimeout.compareTo(Duration.ofMillis(500)) < 0 || sessionTimeout.compareTo(Duration.ofMinutes(5))
                > 0) {
            throw new IllegalArgumentException("--ha-session-timeout: expected 500ms to 300s, got "
                    + sessionTimeout.toMillis() + " ms");
        }
        if (!self.id().equals(nodeId)) {
            throw new IllegalArgumentException("member record id " + self.id() + " is not the node id " + nodeId);
        }
    }

    /**
     * Parses {@code zk://HOST:PORT[,HOST:PORT...]/PATH} (the form of {@code --ha}).
     *
     * @throws IllegalArgumentException naming {@code --ha}, the value and what was expected
     */
    public static HaOptions parse(String uri, String nodeId, Duration sessionTimeout, Member self) {
        String expected = "expected zk://HOST:PORT[,HOST:PORT...]/PATH, e.g. zk://127.0.0.1:2181/weft";
        if (!uri.startsWith("zk://")) {
            throw new IllegalArgumentException("--ha " + uri + ": unknown scheme; " + expected);
        }
        String rest = uri.substring("zk://".length());
        int slash = rest.indexOf('/');
        if (slash <= 0) {
            throw new IllegalArgumentException("--ha " + uri + ": no " + (slash == 0 ? "server" : "path") + "; "
                    + expected);
        }
        String servers = rest.substring(0, slash);
        for (String s : servers.split(",", -1)) {
            if (!SERVER.matcher(s).matches()) {
                throw new IllegalArgumentException("--ha " + uri + ": server '" + s + "' is not HOST:PORT; "
                        + expected);
            }
            int port = Integer.parseInt(s.substring(s.lastIndexOf(':') + 1));
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("--ha " + uri + ": port " + port + " of '" + s
                        + "' is outside 1-65535");
            }
        }
        String path = rest.substring(slash);
        if (!PATH.matcher(path).matches()) {
            throw new IllegalArgumentException("--ha " + uri + ": path '" + path + "' must be /NAME[/NAME...] of "
                    + "letters, digits, '.', '_' and '-'; " + expected);
        }
        return new HaOptions(servers, path, nodeId, sessionTimeout, self);
    }
}
