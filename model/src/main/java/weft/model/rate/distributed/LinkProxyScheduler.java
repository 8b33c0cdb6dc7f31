package weft.model.rate.distributed;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;
import weft.model.rate.VoqBudget;

/**
 * Seed 004's distributed VOQ scheduler: every directed link has a proxy ({@link LinkProxy}); once per scheduling
 * interval each VOQ sends a {@code RequestPacket} through the proxies on its path (each may lower the request to the
 * share it would grant) and the destination returns a {@code ResponsePacket} through them in reverse (each records the
 * share and grants a rate that keeps its link feasible). Max-min mode sends backlog 1; backlog-proportional mode
 * sends the real backlog. With static backlogs the shares converge to {@link weft.model.rate.MaxMin} /
 * {@link weft.model.rate.BacklogProportional} and the installed rates follow one round later.
 *
 * <p>Seed 004 §4.3, Alg. 4 (server) and Alg. 5 (proxy, {@link LinkProxy}), corrected as listed in docs/sources.md;
 * Alg. 4 deletes the response. Here every proxy is a node of an in-memory {@link MessageScheduler} and every hop one
 * delivery; the simulator's Virtual Switch hosts run the same proxies over simulated links.
 *
 * @param <N> number type
 */
public final class LinkProxyScheduler<N> {
    /** Which request the servers send (Alg. 4 lines 3-6). */
    public enum Mode { MAX_MIN, BACKLOG_PROPORTIONAL }

    /** {@code RequestPacket{flow, backlog, request}}; {@code request == null}: unlimited. */
    public record Request<N>(int flow, int hop, N backlog, N request) {
    }

    /** {@code ResponsePacket{flow, share, rate}}, travelling the path in reverse. */
    public record Response<N>(int flow, int hop, N share, N rate) {
    }

    private final RateProblem problem;
    private final Arithmetic<N> a;
    private final Mode mode;
    private final VoqBudget budget;
    private final int links;
    private final int flows;
    private final List<LinkProxy<N>> proxies = new ArrayList<>();
    private final N[] installed;
    private final N[] lastShare;
    private final MessageScheduler<Object> scheduler;
    private int rounds;
    private long packets;

    public LinkProxyScheduler(RateProblem problem, Arithmetic<N> arithmetic, Mode mode, VoqBudget budget,
                              RandomGenerator random) {
        this.problem = problem;
        this.a = arithmetic;
        this.mode = mode;
        this.budget = budget;
        this.links = problem.linkCount();
        this.flows = problem.flowCount();
        for (int l = 0; l < links; l++) {
            proxies.add(new LinkProxy<>(a, problem.capacity(l), budget));
        }
        installed = a.newArray(flows);
        lastShare = a.newArray(flows);
        scheduler = MessageScheduler.linksThenFlows(links, l -> (m, now) -> onProxy(l, m),
                flows, f -> (m, now) -> onServer(m), random);
    }

    /**
     * One scheduling interval: every VOQ generates a request (Alg. 4 GENERATE_REQUEST).
     *
     * @param atomicPerFlow deliver each flow's request and response before the next flow starts (as the hand-computed
     *                      rounds of the tests),
     *                      or let all flows' packets interleave
     */
    public void round(boolean atomicPerFlow) {
        rounds++;
        for (int f = 0; f < flows; f++) {
            N b = mode == Mode.MAX_MIN ? a.of(1) : a.of(problem.backlog(f));
            N q = Double.isFinite(problem.demand(f)) ? a.of(Math.max(0, problem.demand(f) - budget.minGbps())) : null;
            packets++;
            scheduler.send(List.of(new Envelope<>(problem.path(f)[0], new Request<>(f, 0, b, q))));
            if (atomicPerFlow) {
                scheduler.runUntilIdle(1_000_000);
            }
        }
        scheduler.runUntilIdle(1_000_000);
    }

    @SuppressWarnings("unchecked")
    private List<Envelope<Object>> onProxy(int l, Object message) {
        int[] path;
        if (message instanceof Request<?> raw) {
            Request<N> req = (Request<N>) raw;
            path = problem.path(req.flow());
            checkRouted(l, req.flow());
            N share = proxies.get(l).handleRequest(req.flow(), req.backlog(), req.request());
            int next = req.hop() + 1;
            Request<N> out = new Request<>(req.flow(), next, req.backlog(), share);
            if (next < path.length) {
                return List.of(new Envelope<>(path[next], out));
            }
            // Alg. 4 HANDLE_REQUEST at the destination: share = rate = final request; the response starts back.
            packets++;
            return List.of(new Envelope<>(path[path.length - 1],
                    new Response<>(req.flow(), path.length - 1, share, share)));
        }
        Response<N> rsp = (Response<N>) message;
        path = problem.path(rsp.flow());
        N rate = proxies.get(l).handleResponse(rsp.flow(), rsp.share(), rsp.rate());
        int next = rsp.hop() - 1;
        Response<N> out = new Response<>(rsp.flow(), next, rsp.share(), rate);
        return List.of(new Envelope<>(next >= 0 ? path[next] : links + rsp.flow(), out));
    }

    private void checkRouted(int l, int f) {
        for (int on : problem.flowsOn(l)) {
            if (on == f) {
                return;
            }
        }
        throw new IllegalStateException("proxy " + problem.linkName(l) + ": flow " + problem.flowId(f)
                + " is not routed over this link");
    }

    @SuppressWarnings("unchecked")
    private List<Envelope<Object>> onServer(Object message) {
        // Alg. 4 HANDLE_RESPONSE at the source: install the rate.
        Response<N> rsp = (Response<N>) message;
        installed[rsp.flow()] = a.add(rsp.rate(), a.of(budget.minGbps()));
        lastShare[rsp.flow()] = a.add(rsp.share(), a.of(budget.minGbps()));
        return List.of();
    }
    /** The rate installed on flow {@code f}'s VOQ (with {@code r_min}); {@code null} before its first response. */
    public N rate(int f) {
        return installed[f];
    }

    /** The share the last response carried for flow {@code f} (with {@code r_min}). */
    public N share(int f) {
        return lastShare[f];
    }

    /** Scheduling intervals run. */
    public int rounds() {
        return rounds;
    }

    /** Request and response packets created. */
    public long packets() {
        return packets;
    }

    /** Hop deliveries. */
    public long deliveries() {
        return scheduler.delivered();
    }
}
