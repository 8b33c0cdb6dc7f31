package weft.model.routing;

/** A {@link RoutingEngine} whose name and shortest-path promise are fixed when it is made. */
abstract class NamedEngine implements RoutingEngine {
    private final String name;
    private final boolean shortest;

    NamedEngine(String name, boolean promisesShortest) {
        this.name = name;
        this.shortest = promisesShortest;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final boolean promisesShortest() {
        return shortest;
    }
}
