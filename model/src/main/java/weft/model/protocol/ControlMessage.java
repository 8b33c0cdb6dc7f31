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
 * crp          controller -> agent  CRP is on: slot length, window, request sizes (after registered, on change)
 * reserve      agent -> controller  reserve slots for a VOQ's backlog to one destination (CRP, seed 001 §2.2)
 * grant        controller -> agent  a reservation: {slot, bytes} budgets for the VOQ (seed 001 §2.3)
 * retry        controller -> agent  no slot now: the cause and how long to wait (seed 001 §2.4)
 * refused      controller -> agent  a malformed or unacceptable reserve, with the problem; no table changed
 * revoke       controller -> agent  a resource on the booking's path failed: its budgets are withdrawn
 * charge       agent -> controller  unreserved bytes sent per destination since the last charge (seed 001 §2.5)
 * </pre>
 *
 * <p>The CRP messages carry slots as absolute indexes of the controller's slot clock ({@code slot = floor(t /
 * slotNanos)}, {@code t} in nanoseconds since the Unix epoch on the controller's clock) and destinations as IPv4
 * addresses (what an agent's VOQ is keyed by). Their meaning and the controller's checks are in docs/crp.md.
 *
 * <p>Decision: one file of about 290 lines, because it is the protocol's closed vocabulary: a sealed interface whose
 * records (each with the checks of its fields) are the table above, read and matched exhaustively as one set.
 */
public sealed interface ControlMessage {
    /** The wire name of this message type: its entry in {@link ControlCodec}'s one table of types. */
    default String type() {
        return ControlCodec.typeName(this);
    }

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

        /** Everything but the token, which never reaches a log. */
        @Override
        public String toString() {
            return "Register[host=" + host + ", ip=" + ip + ", mac=" + mac + ", dataPort=" + dataPort
                    + ", attachment=" + attachment + ", token=(" + (token == null ? 0 : token.length()) + " chars)]";
        }
    }

    /** Session accepted; {@code session} numbers the controller's sessions. */
    record Registered(String host, long session) implements ControlMessage {
    }

    /**
     * Rates for the agent's VOQs. With {@code replace} the set is complete: destinations not named lose their rate.
     */
    record Rates(boolean replace, List<DestinationRate> rates) implements ControlMessage {
        public Rates {
            rates = rates == null ? List.of() : List.copyOf(rates);
        }
    }

    /** Periodic per-VOQ state of one agent. */
    record Report(String host, List<VoqReport> voqs) implements ControlMessage {
        public Report {
            voqs = voqs == null ? List.of() : List.copyOf(voqs);
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

        /** Everything but the token, which never reaches a log. */
        @Override
        public String toString() {
            return "SetRate[src=" + src + ", dst=" + dst + ", bitsPerSecond=" + bitsPerSecond + ", policy=" + policy
                    + ", token=(" + (token == null ? 0 : token.length()) + " chars), clear=" + clear + "]";
        }
    }

    /** An admin request was applied. */
    record Ok(String detail) implements ControlMessage {
    }

    /** A rejected line or request; the session continues. */
    record Error(String message) implements ControlMessage {
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
    }

    /**
     * CRP is on (controller -> agent): the controller's slot clock and the request rules every VOQ follows.
     *
     * @param slotNanos      slot length in nanoseconds; slot {@code s} is {@code [s·slotNanos, (s+1)·slotNanos)} of
     *                       the controller's Unix-epoch clock
     * @param cells          slots in a reservation table's window ({@code V_cells})
     * @param minBytes       {@code N_min}: a VOQ with less unreserved backlog sends it unreserved (and charges it)
     * @param maxBytes       {@code N_max}: the most one reserve may ask for
     * @param outstanding    reservations a VOQ keeps alive at once (requested, or granted with a slot to come)
     * @param toleranceNanos the clock error an agent may have and still send reserved data; also the guard time at
     *                       both ends of a slot
     * @param sntpPort       UDP port on which the controller's address answers SNTP (the slot clock's time), or
     *                       null when it serves none (optional within version 1)
     */
    record Crp(long slotNanos, int cells, long minBytes, long maxBytes, int outstanding, long toleranceNanos,
               Integer sntpPort) implements ControlMessage {
        public Crp {
            if (slotNanos <= 0 || cells < 1 || cells > 64 || minBytes < 1 || maxBytes < minBytes || outstanding < 1
                    || toleranceNanos < 0 || 2 * toleranceNanos >= slotNanos) {
                throw new IllegalArgumentException("crp: slotNanos " + slotNanos + ", cells " + cells + ", minBytes "
                        + minBytes + ", maxBytes " + maxBytes + ", outstanding " + outstanding + ", toleranceNanos "
                        + toleranceNanos + ": expected slotNanos > 0, cells 1..64, 1 <= minBytes <= maxBytes, "
                        + "outstanding >= 1, 0 <= 2 x toleranceNanos < slotNanos");
            }
            if (sntpPort != null && (sntpPort < 1 || sntpPort > 65535)) {
                throw new IllegalArgumentException("crp: sntpPort " + sntpPort + " outside 1..65535");
            }
        }
    }

    /**
     * A VOQ asks for a reservation of {@code bytes} towards {@code dst} (agent -> controller). The controller answers
     * every reserve with exactly one {@link Grant}, {@link Retry} or {@link Refused} carrying the same {@code id}.
     * {@code bytes} and {@code notBefore} are checked by the controller, which refuses bad values by name.
     *
     * @param id        the agent's request id, echoed in the answer
     * @param dst       the destination's IPv4 address
     * @param bytes     data bytes to send (the controller adds {@code ε})
     * @param notBefore the earliest slot wanted, or null for the earliest the controller can give (optional)
     */
    record Reserve(long id, String dst, long bytes, Long notBefore) implements ControlMessage {
        public Reserve {
            require(dst, "reserve", "dst");
        }
    }

    /**
     * A reservation for request {@code id}: the VOQ may send {@code budget} bytes in each listed slot (one or two
     * adjacent slots, seed 001 §2.1), paced inside the slot; what a slot leaves unsent expires with it.
     *
     * @param booking the controller's booking id, named again by a {@link Revoke}
     */
    record Grant(long id, String dst, long booking, List<SlotBytes> budget) implements ControlMessage {
        public Grant {
            require(dst, "grant", "dst");
            budget = slots("grant", budget);
        }
    }

    /**
     * No reservation now for request {@code id}: {@code cause} is {@code destination-full} (the destination has no
     * slot in the whole window) or {@code no-common-slot} (no slot free at every resource of the path); the agent
     * asks again after {@code waitNanos} (seed 001 §2.4).
     */
    record Retry(long id, String dst, String cause, long waitNanos) implements ControlMessage {
        public Retry {
            require(dst, "retry", "dst");
            require(cause, "retry", "cause");
            if (waitNanos < 0) {
                throw new IllegalArgumentException("retry: waitNanos " + waitNanos + " is negative");
            }
        }
    }

    /**
     * Request {@code id} was refused and changed no table: {@code problem} names the check it failed (e.g.
     * {@code unknown-destination}, {@code non-positive-bytes}, {@code slot-in-past}), {@code message} says it in
     * full.
     */
    record Refused(long id, String dst, String problem, String message) implements ControlMessage {
        public Refused {
            require(problem, "refused", "problem");
        }
    }

    /** Booking {@code booking} towards {@code dst} is withdrawn: its {@code revoked} budgets may not be sent. */
    record Revoke(long booking, String dst, List<SlotBytes> revoked) implements ControlMessage {
        public Revoke {
            require(dst, "revoke", "dst");
            revoked = revoked == null ? List.of() : List.copyOf(revoked);
            if (revoked.size() > 2) {
                throw new IllegalArgumentException("revoke: " + revoked.size() + " slots, a booking has at most 2");
            }
        }
    }

    /**
     * Unreserved bytes the agent sent per destination since its last charge (small flows, seed 001 §2.5), charged to
     * the resources of each path; at most {@link #MAX_CHARGES} destinations.
     */
    record Charge(List<DestinationBytes> charges) implements ControlMessage {
        /** Destinations one charge may name. */
        public static final int MAX_CHARGES = 1024;

        public Charge {
            charges = charges == null ? List.of() : List.copyOf(charges);
            if (charges.size() > MAX_CHARGES) {
                throw new IllegalArgumentException("charge: " + charges.size() + " destinations, at most "
                        + MAX_CHARGES);
            }
        }
    }

    private static List<SlotBytes> slots(String type, List<SlotBytes> slots) {
        List<SlotBytes> out = slots == null ? List.of() : List.copyOf(slots);
        if (out.isEmpty() || out.size() > 2 || out.size() == 2 && out.get(1).slot() != out.get(0).slot() + 1) {
            throw new IllegalArgumentException(type + ": budget " + out + ", expected one slot or two adjacent ones");
        }
        return out;
    }

    private static void require(String value, String type, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(type + ": field '" + field + "' is required");
        }
    }
}
