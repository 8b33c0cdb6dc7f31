package weft.controller.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPortConfig;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFType;
import org.projectfloodlight.openflow.types.DatapathId;
import org.projectfloodlight.openflow.types.MacAddress;
import org.projectfloodlight.openflow.types.OFPort;
import weft.controller.openflow.SessionConfig;
import weft.controller.openflow.SwitchListener;
import weft.controller.openflow.SwitchSession;

/**
 * A {@link SwitchSession} on an {@link EmbeddedChannel} with frozen time: the test plays the switch, reads what the
 * session wrote with {@link #out}, and {@link #close()} checks nothing was left unread.
 */
public final class EmbeddedSession {
    /** The session's OpenFlow 1.3 factory. */
    public static final OFFactory F = SwitchSession.F;
    /** Echo every second, three unanswered close; 5 s handshake, 10 s transactions. */
    public static final SessionConfig CONFIG = new SessionConfig(Duration.ofSeconds(1), 3, Duration.ofSeconds(5),
            Duration.ofSeconds(10));
    /** The session under test. */
    public final SwitchSession session;
    /** The channel it runs on. */
    public final EmbeddedChannel ch;

    /** Activates {@code session} on a new embedded channel: it sends its HELLO. */
    public EmbeddedSession(SwitchSession session) {
        this.session = session;
        ch = new EmbeddedChannel();
        ch.freezeTime();
        ch.pipeline().addLast(session);
        ch.pipeline().fireChannelActive();
    }

    /** A session with {@link #CONFIG} and a listener that ignores everything, handshaken as {@code dpid}. */
    public static EmbeddedSession ready(long dpid) {
        EmbeddedSession s = new EmbeddedSession(new SwitchSession(CONFIG, new SwitchListener() {
            @Override
            public void switchReady(SwitchSession session) {
            }

            @Override
            public void switchDisconnected(SwitchSession session) {
            }
        }));
        s.handshake(dpid);
        return s;
    }

    /** The next message the session wrote, which must be of {@code type}. */
    public OFMessage out(OFType type) {
        OFMessage m = ch.readOutbound();
        assertThat(m).as("expected an outbound %s", type).isNotNull();
        assertThat(m.getType()).isEqualTo(type);
        return m;
    }

    /** Plays a switch with datapath id {@code dpid} and one live port 1 through the handshake, to READY. */
    public void handshake(long dpid) {
        out(OFType.HELLO);
        ch.writeInbound(F.buildHello().setXid(1).build());
        OFMessage fr = out(OFType.FEATURES_REQUEST);
        ch.writeInbound(F.buildFeaturesReply().setXid(fr.getXid()).setDatapathId(DatapathId.of(dpid))
                .setNBuffers(0).setNTables((short) 254).build());
        out(OFType.SET_CONFIG);
        OFMessage pd = out(OFType.STATS_REQUEST);
        ch.writeInbound(F.buildPortDescStatsReply().setXid(pd.getXid()).setEntries(List.of(F.buildPortDesc()
                .setPortNo(OFPort.of(1)).setName("p1").setHwAddr(MacAddress.of(1))
                .setConfig(EnumSet.noneOf(OFPortConfig.class)).setState(EnumSet.of(OFPortState.LIVE)).build()))
                .build());
        assertThat(session.state()).isEqualTo(SwitchSession.State.READY);
    }

    /**
     * Closes the channel, runs what closing scheduled, checks the session left no outbound message unread, and
     * returns {@link EmbeddedChannel#finish()}: whether anything was left in the channel.
     */
    public boolean close() {
        ch.close();
        ch.runPendingTasks();
        assertThat(ch.<Object>readOutbound()).as("unread outbound message").isNull();
        return ch.finish();
    }
}
