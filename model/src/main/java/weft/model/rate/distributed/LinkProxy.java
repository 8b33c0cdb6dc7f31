package weft.model.rate.distributed;

import java.util.Arrays;

import weft.model.rate.Arithmetic;
import weft.model.rate.LinkShare;
import weft.model.rate.VoqBudget;

/**
 * The proxy of one directed link in seed 004's distributed VOQ scheduler: it learns the flows that cross its link
 * from their request packets, lowers each request to the share it would grant, and on the response records the
 * share and grants a rate that keeps its link feasible. {@link LinkProxyScheduler} runs one per link of a rate
 * problem; a host of a simulated Virtual Switch tenant runs the proxies of its own uplink and downlink.
 *
 * <p>Seed 004 §4.3, Alg. 5, corrected as listed in docs/sources.md: HANDLE_REQUEST writes the request into a copy
 * {@code Q̂_l} only (recorded state changes on the response) and tests membership in {@code F_l}; ADD_NEW_FLOW
 * recomputes {@code c_l = C − |F_l|·(2M/T + r_min)} (Eq. 4.2 and §4.5 through {@link VoqBudget}). Decisions:
 * ASSIGN_RATE never grants a negative rate (a new flow that shrinks {@code c_l} below what the others hold gets 0 and
 * catches up next interval, as the thesis describes); {@link #remove} forgets a flow whose VOQ timed out (the
 * thesis removes idle VOQs and is silent on the proxies' state; keeping it would keep its overhead deducted). Flows
 * are kept in the order they first asked; shares do not depend on that order (weighted water-filling has one fixed
 * point). Rates, capacities and requests share one unit (e.g. Gbit/s); backlogs are weights.
 *
 * @param <N> number type
 */
public final class LinkProxy<N> {
    private final Arithmetic<N> a;
    private final double capacity;
    private final double perVoq;
    private int count;
    private int[] flow = new int[4];
    private N[] backlog;
    private N[] recordedRequest;
    private N[] recordedRate;
    private N allocatable;

    /**
     * @param capacity the link's capacity C
     * @param budget   what each flow's VOQ takes off it (control overhead and minimum rate)
     */
    public LinkProxy(Arithmetic<N> arithmetic, double capacity, VoqBudget budget) {
        if (!(capacity >= 0) || Double.isInfinite(capacity)) {
            throw new IllegalArgumentException("link proxy: capacity must be a number >= 0, got " + capacity);
        }
        this.a = arithmetic;
        this.capacity = capacity;
        this.perVoq = budget.perVoqGbps();
        backlog = a.newArray(4);
        recordedRequest = a.newArray(4);
        recordedRate = a.newArray(4);
        allocatable = a.of(capacity);
    }

    private int indexOf(int f) {
        for (int i = 0; i < count; i++) {
            if (flow[i] == f) {
                return i;
            }
        }
        return -1;
    }

    /** Alg. 5 ADD_NEW_FLOW: zero state, and Eq. 4.2 recomputes the allocatable capacity. */
    private int addNewFlow(int f) {
        if (count == flow.length) {
            flow = Arrays.copyOf(flow, 2 * count);
            backlog = Arrays.copyOf(backlog, 2 * count);
            recordedRequest = Arrays.copyOf(recordedRequest, 2 * count);
            recordedRate = Arrays.copyOf(recordedRate, 2 * count);
        }
        flow[count] = f;
        backlog[count] = a.zero();
        recordedRequest[count] = a.zero();
        recordedRate[count] = a.zero();
        count++;
        recompute();
        return count - 1;
    }

    private void recompute() {
        allocatable = a.of(Math.max(0, capacity - count * perVoq));
    }

    /**
     * Alg. 5 HANDLE_REQUEST (corrected: the request goes into the copy {@code Q̂_l} only): records the flow's backlog
     * field and returns the share this link would grant, at most {@code request}.
     *
     * @param backlogField the request packet's backlog field (1 in max-min mode, the VOQ's backlog otherwise)
     * @param request      the request so far, {@code null} for unlimited
     */
    public N handleRequest(int f, N backlogField, N request) {
        int i = indexOf(f);
        if (i < 0) {
            i = addNewFlow(f);
        }
        backlog[i] = backlogField;
        N[] q = Arrays.copyOf(recordedRequest, count);
        q[i] = request;
        return LinkShare.bklgProp(a, q, Arrays.copyOf(backlog, count), allocatable)[i];
    }

    /**
     * Alg. 5 HANDLE_RESPONSE and ASSIGN_RATE: records the share as the flow's request and returns the rate granted,
     * {@code min(available, rate)} and never negative.
     *
     * @throws IllegalStateException when the flow never sent this proxy a request
     */
    public N handleResponse(int f, N share, N rate) {
        int i = indexOf(f);
        if (i < 0) {
            throw new IllegalStateException("link proxy: response for flow " + f + ", which sent no request here");
        }
        recordedRequest[i] = share;
        N inUse = a.zero();
        for (int j = 0; j < count; j++) {
            inUse = a.add(inUse, recordedRate[j]);
        }
        N available = a.sub(allocatable, a.sub(inUse, recordedRate[i]));
        N granted = a.max(a.zero(), a.min(available, rate));
        recordedRate[i] = granted;
        return granted;
    }

    /** Forgets flow {@code f} (its VOQ timed out): its rate and overhead return to the link. */
    public void remove(int f) {
        int i = indexOf(f);
        if (i < 0) {
            return;
        }
        count--;
        flow[i] = flow[count];
        backlog[i] = backlog[count];
        recordedRequest[i] = recordedRequest[count];
        recordedRate[i] = recordedRate[count];
        recompute();
    }

    /** Whether flow {@code f} sent this proxy a request and has not been removed since. */
    public boolean knows(int f) {
        return indexOf(f) >= 0;
    }

    /** Flows this proxy knows. */
    public int flowCount() {
        return count;
    }

    /** The capacity it allocates: C less every known flow's overhead and minimum rate. */
    public N allocatable() {
        return allocatable;
    }
}
