package weft.model.crp;

/** The central form's answer to a {@link ReserveRequest}. */
public sealed interface Decision permits Decision.Granted, Decision.Retry, Decision.Refused {

    /**
     * Reserved on candidate path {@code path}.
     *
     * @param <R> resource key type
     */
    record Granted<R>(Booking<R> booking, int path) implements Decision {
    }

    /**
     * No slot now: the requester retries after {@link CrpParameters#retryWait} for the cause (seed 001 §2.4 keeps
     * its two classes in the central form).
     */
    record Retry(RetryCause cause) implements Decision {
    }

    /** A bad request; {@code message} names the request, the input and the problem. No table changed. */
    record Refused(RequestProblem problem, String message) implements Decision {
    }
}
