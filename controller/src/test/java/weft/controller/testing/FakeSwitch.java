package weft.controller.testing;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.projectfloodlight.openflow.protocol.OFEchoRequest;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPortConfig;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFStatsRequest;
import org.projectfloodlight.openflow.types.DatapathId;
import org.projectfloodlight.openflow.types.MacAddress;
import org.projectfloodlight.openflow.types.OFPort;
import weft.controller.openflow.OfFrameDecoder;
import weft.controller.openflow.OfMessageEncoder;
import weft.controller.openflow.SwitchSession;

/**
 * A minimal OpenFlow 1.3 switch over a real socket, written with Weft's own codec: answers HELLO, FEATURES, each
 * multipart request with an empty reply of its type (port description with its ports), barriers, and ECHO while
 * {@link #answerEcho} is set. Used where a test needs a switch connection but not a data plane.
 */
public final class FakeSwitch extends SimpleChannelInboundHandler<Object> {
    private static final OFFactory F = SwitchSession.F;

    private final long dpid;
    private final int ports;
    /** Set to false to make the switch go silent on ECHO_REQUEST (a dead connection that is still open). */
    public volatile boolean answerEcho = true;
    private volatile Channel channel;

    public FakeSwitch(long dpid, int ports) {
        this.dpid = dpid;
        this.ports = ports;
    }

    /** Connects to a controller at {@code 127.0.0.1:port}. */
    public FakeSwitch connect(EventLoopGroup group, int port) {
        return connect(group, port, null);
    }

    /** Connects to a controller at {@code 127.0.0.1:port}, over TLS with {@code sslOrNull} when it is not null. */
    public FakeSwitch connect(EventLoopGroup group, int port, SslContext sslOrNull) {
        channel = new Bootstrap().group(group).channel(NioSocketChannel.class).handler(
                new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (sslOrNull != null) {
                            ch.pipeline().addLast(sslOrNull.newHandler(ch.alloc(), "localhost", port));
                        }
                        ch.pipeline().addLast(new OfFrameDecoder(), new OfMessageEncoder(), FakeSwitch.this);
                    }
                }).connect(new InetSocketAddress("127.0.0.1", port)).syncUninterruptibly().channel();
        return this;
    }

    public Channel channel() {
        return channel;
    }

    /** The local address as the controller sees it ({@code /127.0.0.1:PORT}). */
    public String address() {
        return String.valueOf(channel.localAddress());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(F.buildHello().setXid(1).build());
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof OFMessage m)) {
            return;
        }
        switch (m.getType()) {
            case FEATURES_REQUEST -> ctx.writeAndFlush(F.buildFeaturesReply().setXid(m.getXid())
                    .setDatapathId(DatapathId.of(dpid)).setNBuffers(0).setNTables((short) 254).build());
            case STATS_REQUEST -> ctx.writeAndFlush(emptyReply((OFStatsRequest<?>) m));
            case BARRIER_REQUEST -> ctx.writeAndFlush(F.buildBarrierReply().setXid(m.getXid()).build());
            case ECHO_REQUEST -> {
                if (answerEcho) {
                    ctx.writeAndFlush(F.buildEchoReply().setXid(m.getXid())
                            .setData(((OFEchoRequest) m).getData()).build());
                }
            }
            default -> {
            }
        }
    }

    private OFMessage emptyReply(OFStatsRequest<?> request) {
        long xid = request.getXid();
        return switch (request.getStatsType()) {
            case PORT_DESC -> F.buildPortDescStatsReply().setXid(xid).setEntries(portList()).build();
            case FLOW -> F.buildFlowStatsReply().setXid(xid).build();
            case GROUP_DESC -> F.buildGroupDescStatsReply().setXid(xid).build();
            case GROUP -> F.buildGroupStatsReply().setXid(xid).build();
            case METER_CONFIG -> F.buildMeterConfigStatsReply().setXid(xid).build();
            case METER -> F.buildMeterStatsReply().setXid(xid).build();
            case PORT -> F.buildPortStatsReply().setXid(xid).build();
            default -> F.errorMsgs().buildBadRequestErrorMsg().setXid(xid)
                    .setCode(org.projectfloodlight.openflow.protocol.OFBadRequestCode.BAD_STAT).build();
        };
    }

    private List<OFPortDesc> portList() {
        List<OFPortDesc> out = new ArrayList<>();
        for (int p = 1; p <= ports; p++) {
            out.add(F.buildPortDesc().setPortNo(OFPort.of(p)).setName("p" + p)
                    .setHwAddr(MacAddress.of((dpid & 0xffffff) << 8 | p)).setConfig(EnumSet.noneOf(OFPortConfig.class))
                    .setState(EnumSet.of(OFPortState.LIVE)).build());
        }
        return out;
    }
}
