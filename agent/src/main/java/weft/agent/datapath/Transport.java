package weft.agent.datapath;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * Native epoll when the platform has it (nanosecond timers via timerfd, which the pacer needs), NIO otherwise.
 */
public record Transport(String name, Class<? extends DatagramChannel> datagram,
                        Class<? extends ServerSocketChannel> server, Class<? extends SocketChannel> socket) {
    /** The best transport here. */
    public static Transport best() {
        if (Epoll.isAvailable()) {
            return new Transport("epoll", EpollDatagramChannel.class, EpollServerSocketChannel.class,
                    EpollSocketChannel.class);
        }
        return new Transport("nio", NioDatagramChannel.class, NioServerSocketChannel.class, NioSocketChannel.class);
    }

    public EventLoopGroup newGroup(int threads) {
        return "epoll".equals(name) ? new EpollEventLoopGroup(threads) : new NioEventLoopGroup(threads);
    }
}
