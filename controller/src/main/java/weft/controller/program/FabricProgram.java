package weft.controller.program;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The programs of every switch of a fabric, compiled from one routing result.
 *
 * @param engine   the routing engine that produced the routes
 * @param layered  true when packets carry their layer as an 802.1Q PCP (LASH, MP-LASH, or more than one layer)
 * @param switches one program per switch, in topology order
 */
public record FabricProgram(String engine, boolean layered, List<SwitchProgram> switches) {
    public FabricProgram {
        switches = List.copyOf(switches);
    }

    /** Programs by switch id. */
    public Map<String, SwitchProgram> bySwitch() {
        return switches.stream().collect(Collectors.toMap(SwitchProgram::switchId, Function.identity()));
    }

    /** Total flow entries over all switches. */
    public int flowCount() {
        return switches.stream().mapToInt(s -> s.flows().size()).sum();
    }

    /** Total groups over all switches. */
    public int groupCount() {
        return switches.stream().mapToInt(s -> s.groups().size()).sum();
    }
}
