package weft.model.sim;

/** A simulation cannot go on: routes with a black hole, or a configuration the fabric cannot run. */
public final class SimulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SimulationException(String message) {
        super(message);
    }
}
