package weft.controller.testing;

import io.netty.channel.nio.NioEventLoopGroup;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Netty event loop for a test's fake switches and clients, shut down after each test: register it with
 * {@code @RegisterExtension} and pass it wherever an {@link io.netty.channel.EventLoopGroup} is wanted.
 */
public final class TestLoop extends NioEventLoopGroup implements AfterEachCallback {
    public TestLoop() {
        super(1);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
