package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.List;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Accumulates switches, hosts and links under the {@link Addressing} scheme; every generator builds through it.
 * Switches and hosts are numbered in the order they are added.
 */
final class FabricBuilder {
    /** Largest fabric a generator builds, to fail fast instead of exhausting memory. */
    static final long MAX_SWITCHES = 1L << 20;

    private final GeneratorOptions options;
    private final List<Switch> switches = new ArrayList<>();
    private final List<Host> hosts = new ArrayList<>();
    private final List<Link> links = new ArrayList<>();

    FabricBuilder(GeneratorOptions options) {
        this.options = options;
    }

    /** Fails with a message naming the family when the requested sizes are beyond what generators build. */
    static void checkSize(String kind, long switchCount, long hostCount) {
        if (switchCount > MAX_SWITCHES) {
            throw new GeneratorException(kind + ": " + switchCount + " switches requested, at most " + MAX_SWITCHES
                    + " supported");
        }
        if (hostCount > Addressing.MAX_HOSTS) {
            throw new GeneratorException(kind + ": " + hostCount + " hosts requested, at most "
                    + Addressing.MAX_HOSTS + " fit the address plan");
        }
    }

    /** Adds a switch with ports {@code 1..ports}; returns its number (0-based). */
    int addSwitch(int ports) {
        int index = switches.size();
        switches.add(new Switch(Addressing.switchId(index), options.dpidBase() + index, ports));
        return index;
    }

    /** Number of switches added so far. */
    int switchCount() {
        return switches.size();
    }

    /** Attaches {@code count} new hosts to switch {@code u} on ports {@code 1..count}. */
    void addHosts(int u, int count) {
        for (int p = 1; p <= count; p++) {
            int index = hosts.size();
            hosts.add(new Host(Addressing.hostId(index), Addressing.mac(index), Addressing.ip(index),
                    Addressing.switchId(u), p, options.gbps()));
        }
    }

    /** Cables port {@code aPort} of switch {@code a} to port {@code bPort} of switch {@code b}. */
    void link(int a, int aPort, int b, int bPort) {
        links.add(new Link(Addressing.switchId(a), aPort, Addressing.switchId(b), bPort, options.gbps(),
                options.latencyUs()));
    }

    /** Cables two switch ports with a link of its own latency (an inter-cluster channel). */
    void interLink(int a, int aPort, int b, int bPort, double latencyUs) {
        links.add(new Link(Addressing.switchId(a), aPort, Addressing.switchId(b), bPort, options.gbps(), latencyUs));
    }

    Topology build(String name) {
        return new Topology(name, switches, hosts, links);
    }
}
