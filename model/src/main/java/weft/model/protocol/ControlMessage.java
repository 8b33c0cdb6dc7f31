package weft.model.protocol;

import java.util.List;

/**
 * A controller-agent control message, version {@value ControlCodec#VERSION}. One JSON object per line:
 * {@code {"v":1,"type":"register",...}}.
 *
 * <pre>
 * type         direction            meaning
 * register     agent -> controller  first line of a session: host identity, data port, shared token
 * registered   controller -> agent  the session is accepted
 * rates        controller -> agent  full or partial set of destination rates (replace = full)
 * report       agent -> controller  per-VOQ backlog and counters, periodic
 * flows        agent -> controller  every destination the agent has traffic for now (full set), with backlogs
 * set-rate     admin -> controller  set (or clear) one rate by hand (weft rates set), authenticated by token
 * ok           either               an admin request was applied
 * error        either               a line was rejected; the session continues
 * not-master   controller -> agent  this controller is a standby: go to the master's agent address (HA)
 * </pre>
 */
public sealed interface ControlMessage {
    /** The wire name of this message type. */
    String type();

    /**
     * First line of an agent session.
     *
     * @param host       host id, e.g. {@code "h1"}
     * @param ip         IPv4 address of the data path
     * @param mac        MAC address, optional
     * @param dataPort   UDP port the agent receives data on
     * @param attachment switch and port, e.g. {@code "s1:1"}, optional
     * @param token      shared secret
     */
    record Register(String host, String ip, String mac, int dataPort, String attachment, String token)
            implements ControlMessage {
        public Register {
            require(host, "register", "host");
            require(ip, "register", "ip");
        }

        @Override
        public String type() {
            return "register";
        }
    }

    /** Session accepted; {@code session} numbers the controller's sessions. */
    record Registered(String host, long session) implements ControlMessage {
        @Override
        public String type() {
            return "registered";
        }
    }

    /**
     * Rates for the agent's VOQs. With {@code replace} the set is complete: destinations not named lose their rate.
     */
    record Rates(boolean replace, List<DestinationRate> rates) implements ControlMessage {
        public Rates {
            rates = rates == null ? List.of() : List.copyOf(rates);
        }

        @Override
        public String type() {
            return "rates";
        }
    }

    /** Periodic per-VOQ state of one agent. */
    record Report(String host, List<VoqReport> voqs) implements ControlMessage {
        public Report {
            voqs = voqs == null ? List.of() : List.copyOf(voqs);
        }

        @Override
        public String type() {
            return "report";
        }
    }

    /**
     * The flows of one agent: every destination (by IPv4 address) it has traffic for now, that is, whose VOQ holds
     * data or sent some within the agent's idle time. The set is complete: a destination missing from the next
     * {@code flows} of the same host has gone. Agents send it when the set changes and with every report.
     *
     * @param host         the agent's host id
     * @param destinations destination IPv4 addresses
     * @param backlogBytes bytes queued per destination address (optional within version 1: an older agent sends
     *                     none; the controller then counts one packet)
     */
    record Flows(String host, List<String> destinations, java.util.Map<String, Long> backlogBytes)
            implements ControlMessage {
        public Flows {
            destinations = destinations == null ? List.of() : List.copyOf(destinations);
            backlogBytes = backlogBytes == null ? java.util.Map.of() : java.util.Map.copyOf(backlogBytes);
        }

        /** Destinations only, as agents before {@code backlogBytes} sent them. */
        public Flows(String host, List<String> destinations) {
            this(host, destinations, null);
        }

        @Override
        public String type() {
            return "flows";
        }
    }

    /**
     * Admin request: set the rate of {@code src -> dst} to {@code bitsPerSecond}, optionally with a policy; with
     * {@code clear}, forget the hand-set rate instead (the pair goes back to its allocated rate, or to none).
     * {@code clear} is optional within version 1 (boxed: absent reads as false).
     */
    record SetRate(String src, String dst, long bitsPerSecond, String policy, String token, Boolean clear)
            implements ControlMessage {
        public SetRate {
            require(src, "set-rate", "src");
            require(dst, "set-rate", "dst");
            if (bitsPerSecond < 0) {
                throw new IllegalArgumentException("set-rate: bitsPerSecond must be >= 0, got " + bitsPerSecond);
            }
            clear = Boolean.TRUE.equals(clear);
        }

        /** A request that sets a rate. */
        public SetRate(String src, String dst, long bitsPerSecond, String policy, String token) {
            this(src, dst, bitsPerSecond, policy, token, false);
        }

        @Override
        public String type() {
            return "set-rate";
        }
    }

    /** An admin request was applied. */
    record Ok(String detail) implements ControlMessage {
        @Override
        public String type() {
            return "ok";
        }
    }

    /** A rejected line or request; the session continues. */
    record Error(String message) implements ControlMessage {
        @Override
        public String type() {
            return "error";
        }
    }

    /**
     * The controller is a standby of a cluster and does not take agents: the agent closes the session and
     * connects to the master's agent registry instead (an {@code --controller} list names every controller; this
     * says which one is master now).
     *
     * @param master  the master's node id, or null while an election runs
     * @param address the master's agent address {@code host:port}, or null while an election runs
     * @param detail  a sentence for the log
     */
    record NotMaster(String master, String address, String detail) implements ControlMessage {
        @Override
        public String type() {
            return "not-master";
        }
    }

    private static void require(String value, String type, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(type + ": field '" + field + "' is required");
        }
    }
}
