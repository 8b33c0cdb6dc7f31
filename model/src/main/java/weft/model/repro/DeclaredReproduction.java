package weft.model.repro;

import java.util.List;

/**
 * A reproduction whose name, seed, title, claims and parameters are fixed when it is made: the declarative half of
 * {@link Reproduction} written once, so a subclass holds only its experiment ({@link #run}).
 */
abstract class DeclaredReproduction implements Reproduction {
    private final String name;
    private final String seed;
    private final String title;
    private final List<Claim> claims;
    private final List<Parameter> parameters;

    DeclaredReproduction(String name, String seed, String title, List<Claim> claims, List<Parameter> parameters) {
        this.name = name;
        this.seed = seed;
        this.title = title;
        this.claims = List.copyOf(claims);
        this.parameters = List.copyOf(parameters);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String seed() {
        return seed;
    }

    @Override
    public final String title() {
        return title;
    }

    @Override
    public final List<Claim> claims() {
        return claims;
    }

    @Override
    public final List<Parameter> parameters() {
        return parameters;
    }
}
