package weft.model.repro;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import weft.model.sim.HostLink;
import weft.model.sim.Nic;
import weft.model.sim.Protocol;
import weft.model.sim.SimPacket;
import weft.model.sim.scheduling.SchedulingLayer;

/**
 * Servers without a scheduling layer, the baseline of seed 004 §4.4 (Fig. 4.3's "without scheduling"; Fig. 4.6's
 * strict and loose flow control): each server puts the frames of its message script on its link in the order they
 * were made, as soon as the link is free, each packet on the path its path policy picks. A message is one frame of
 * its bytes plus {@code headerBytes}; packets carry the message's index as their flow tag.
 */
final class ScriptedSenders implements Protocol {
    private final List<SchedulingLayer.Message> messages;
    private final int headerBytes;
    private final List<List<Integer>> own = new ArrayList<>();

    ScriptedSenders(int hosts, List<SchedulingLayer.Message> messages, int headerBytes) {
        this.messages = messages;
        this.headerBytes = headerBytes;
        for (int h = 0; h < hosts; h++) {
            own.add(new ArrayList<>());
        }
        for (int m = 0; m < messages.size(); m++) {
            own.get(messages.get(m).src()).add(m);
        }
    }

    @Override
    public Nic nic(int host, long seed) {
        int[] script = own.get(host).stream().sorted(Comparator.comparingLong(m -> messages.get(m).startPs()))
                .mapToInt(Integer::intValue).toArray();
        return new Nic() {
            private int next;

            @Override
            public void inject(HostLink link, long nowPs) {
                if (next == script.length) {
                    return;
                }
                SchedulingLayer.Message m = messages.get(script[next]);
                int bytes = (int) m.bytes() + headerBytes;
                if (m.startPs() <= nowPs && link.canSend(m.dst(), 0, bytes)) {
                    link.send(m.dst(), bytes, 0, script[next++], null, false, m.startPs());
                }
            }

            @Override
            public long wakePs(long nowPs) {
                return next == script.length ? Long.MAX_VALUE : Math.max(nowPs, messages.get(script[next]).startPs());
            }

            @Override
            public void received(SimPacket packet, long nowPs) {
                // The observers count what arrives.
            }
        };
    }

    @Override
    public boolean spreadsPaths() {
        return true;
    }
}
