package weft.controller.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/** The part of a topology that still works after links failed and switches went away. */
public final class RemainingTopology {
    private RemainingTopology() {
    }

    /**
     * The topology without the failed links (by index into {@code base.links()}) and without the lost switches,
     * their links and their hosts.
     */
    public static Topology of(Topology base, Set<Integer> failedLinks, Set<String> lostSwitches) {
        if (failedLinks.isEmpty() && lostSwitches.isEmpty()) {
            return base;
        }
        List<Switch> switches = new ArrayList<>();
        for (Switch s : base.switches()) {
            if (!lostSwitches.contains(s.id())) {
                switches.add(s);
            }
        }
        List<Host> hosts = new ArrayList<>();
        for (Host h : base.hosts()) {
            if (!lostSwitches.contains(h.switchId())) {
                hosts.add(h);
            }
        }
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < base.links().size(); i++) {
            Link l = base.links().get(i);
            if (!failedLinks.contains(i) && !lostSwitches.contains(l.a()) && !lostSwitches.contains(l.b())) {
                links.add(l);
            }
        }
        return new Topology(base.name(), switches, hosts, links);
    }
}
