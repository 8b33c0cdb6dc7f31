package weft.controller.openflow;

import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.projectfloodlight.openflow.protocol.OFBarrierReply;
import org.projectfloodlight.openflow.protocol.OFEchoReply;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import org.projectfloodlight.openflow.protocol.OFStatsReply;

/**
 * A request of a {@link SwitchSession} waiting for its reply: the future, the multipart parts gathered so far
 * (and their wire bytes, charged against the session's bound) and the timeout. Event loop only.
 */
final class PendingRequest {
    final OFMessage request;
    final boolean multipart;
    final List<OFMessage> parts = new ArrayList<>(1);
    final CompletableFuture<List<OFMessage>> future = new CompletableFuture<>();
    long bytes;
    ScheduledFuture<?> timeout;

    PendingRequest(OFMessage request, boolean multipart) {
        this.request = request;
        this.multipart = multipart;
    }

    boolean accepts(OFMessage reply) {
        if (multipart) {
            return reply instanceof OFStatsReply;
        }
        return switch (request.getType()) {
            case BARRIER_REQUEST -> reply instanceof OFBarrierReply;
            case ECHO_REQUEST -> reply instanceof OFEchoReply;
            default -> !(reply instanceof OFPortStatus) && !(reply instanceof OFPacketIn);
        };
    }

    void complete() {
        if (timeout != null) {
            timeout.cancel(false);
        }
        future.complete(List.copyOf(parts));
    }

    void fail(RuntimeException e) {
        if (timeout != null) {
            timeout.cancel(false);
        }
        future.completeExceptionally(e);
    }
}
