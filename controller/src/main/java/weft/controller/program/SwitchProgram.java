package weft.controller.program;

import java.util.List;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFGroupAdd;
import org.projectfloodlight.openflow.protocol.OFMeterMod;

/**
 * Everything Weft wants installed on one switch: its meters, its SELECT groups and its flow entries (each tagged
 * with a Weft cookie that names its {@link FlowClass}).
 *
 * @param switchId topology switch id
 * @param dpid     the switch's datapath id
 * @param groups   SELECT groups, by ascending group id
 * @param flows    flow entries
 * @param meters   meter ADDs of the rated pairs whose source is here, by ascending meter id (Weft's range)
 */
public record SwitchProgram(String switchId, long dpid, List<OFGroupAdd> groups, List<OFFlowAdd> flows,
                            List<OFMeterMod> meters) {
    public SwitchProgram {
        groups = List.copyOf(groups);
        flows = List.copyOf(flows);
        meters = List.copyOf(meters);
    }

    /** A program without meters. */
    public SwitchProgram(String switchId, long dpid, List<OFGroupAdd> groups, List<OFFlowAdd> flows) {
        this(switchId, dpid, groups, flows, List.of());
    }

    /** Flow entries of one class. */
    public List<OFFlowAdd> flows(FlowClass cls) {
        return flows.stream().filter(f -> f.getCookie().getValue() == cls.cookie()).toList();
    }
}
