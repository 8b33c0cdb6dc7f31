/**
 * The agent's Netty data path: the shim header over UDP, the injector that drains VOQs under the scheduler and
 * the path policy, the receiver that resequences, and the local socket through which applications send and
 * receive.
 *
 * <p>Sources: seed 004 App. A (scheduling layer, then resequencing layer, then link layer; 8 bytes of sequence number
 * and timestamp per packet), arranged as Weft's egress pipeline (classify into the VOQ, pace, stamp, choose the path
 * tag, send: docs/sources.md); seed 000 §5.2 (Periodic Selection injection). One event-loop thread owns all of it; the
 * per-packet path does no logging, boxing or streams.
 *
 * <p>Shells and state machines: {@link weft.agent.datapath.DataPath} binds the sockets and owns the state;
 * {@link weft.agent.datapath.DataReceiver} takes datagrams and {@link weft.agent.datapath.LocalApi} application frames
 * (checked by {@link weft.agent.datapath.LocalFrames#problem}); the statistics query is the pure
 * {@link weft.agent.datapath.StatsQueries} (time passed in) with its JSON in {@link weft.agent.datapath.PathStats},
 * run by {@link weft.agent.datapath.StatsExchange}; stream acknowledgements are routed by
 * {@link weft.agent.datapath.StreamOwners}. Nothing on the loop resolves a host name.
 *
 * <p>Reliable streams ({@link weft.agent.datapath.StreamSender}, {@link weft.agent.datapath.StreamReceiver},
 * {@link weft.agent.datapath.StreamFragment}): end-to-end delivery between client libraries, numbered messages, a
 * bounded replay buffer and cumulative acknowledgements relayed by the agents, so that no accepted application data is
 * lost when an agent or the controller is killed and restarted.
 */
package weft.agent.datapath;
