package weft.model.crp;

import java.util.List;

/**
 * The control packets of the distributed protocol (seed 001 §2.2-2.5). Requests travel the path forward; grants
 * and retries travel it backward, {@code hop} naming the path position of the resource they are addressed to
 * ({@code -1}: the source). {@code attempt} counts the segment's earlier retries, so a source can tell a current
 * answer from a stale one.
 */
public sealed interface CrpMessage permits CrpMessage.Request, CrpMessage.Answer, CrpMessage.Ack, CrpMessage.Nack {

    SegmentId segment();

    /** The host that sent the segment's request or data. */
    int source();

    /** The virtual-channel class the packet travels in. */
    CrpClass vc();

    /** A grant or a retry: the destination's answer, travelling the request's path backward as a response. */
    sealed interface Answer extends CrpMessage permits Grant, Retry {
        ResourcePath path();

        /** The path position of the resource it is addressed to; {@code -1}: the source. */
        int hop();

        @Override
        default CrpClass vc() {
            return CrpClass.RESPONSE;
        }

        /** Where it goes: the resource at path position {@code hop}, or the source. */
        default Address to() {
            return hop() >= 0 ? Address.resource(path().get(hop())) : Address.host(source());
        }
    }

    /**
     * A reservation request (one flit in the paper).
     *
     * @param units  the reservation size, {@code ε} included
     * @param vector the slots every resource passed so far can take
     * @param eager  slots held eagerly at the channels passed (chosen by the first channel; empty without
     *               {@code R_res})
     * @param sentAt tick the source sent it (for the round trip of a "destination full" retry)
     */
    record Request(SegmentId segment, int source, ResourcePath path, int hop, long units, SlotVector vector,
                   List<Long> eager, int attempt, long sentAt) implements CrpMessage {
        public Request {
            eager = List.copyOf(eager);
            if (units <= 0 || hop < 0 || hop >= path.size()) {
                throw new IllegalArgumentException("crp request " + segment + ": units " + units + " at hop " + hop
                        + " of " + path);
            }
        }

        @Override
        public CrpClass vc() {
            return CrpClass.REQUEST;
        }

        /** Whether the resource it is addressed to is the destination. */
        public boolean atDestination() {
            return hop == path.size() - 1;
        }

        /** The same request at the next resource, with the vector and holds the current one produced. */
        Request forward(SlotVector v, List<Long> held) {
            return new Request(segment, source, path, hop + 1, units, v, held, attempt, sentAt);
        }

        Address nextAddress() {
            return Address.resource(path.get(hop + 1));
        }
    }

    /**
     * A grant: the reservation starts at {@code startTick} (the first free cycle of the chosen slot at the
     * destination, seed 001 §2.3) and is {@code units} long.
     */
    record Grant(SegmentId segment, int source, ResourcePath path, int hop, long startTick, long units,
                 int attempt) implements Answer {
        Grant onward() {
            return new Grant(segment, source, path, hop - 1, startTick, units, attempt);
        }
    }

    /** A retry: the source re-requests after the wait its {@code cause} calls for. */
    record Retry(SegmentId segment, int source, ResourcePath path, int hop, RetryCause cause, int attempt)
            implements Answer {
        Retry onward() {
            return new Retry(segment, source, path, hop - 1, cause, attempt);
        }
    }

    /** A speculative packet of {@code units} reached the destination (seed 001 §2.5, from SRP). */
    record Ack(SegmentId segment, int source, long units) implements CrpMessage {
        @Override
        public CrpClass vc() {
            return CrpClass.RESPONSE;
        }
    }

    /** A speculative packet of {@code units} was dropped after its {@code TTW}; its data goes again, granted. */
    record Nack(SegmentId segment, int source, long units) implements CrpMessage {
        @Override
        public CrpClass vc() {
            return CrpClass.RESPONSE;
        }
    }
}
