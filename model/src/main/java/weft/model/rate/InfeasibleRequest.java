package weft.model.rate;

/**
 * A rate or admission request that cannot be met: the message names the input, the element (flow or link), the
 * problem and what was expected, e.g. {@code "flows.json: flows[3] (f4): no path from s2 to s9 in routes.json"}.
 */
public class InfeasibleRequest extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InfeasibleRequest(String message) {
        super(message);
    }
}
