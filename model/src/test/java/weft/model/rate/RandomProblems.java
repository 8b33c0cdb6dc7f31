package weft.model.rate;

/** Random problems for tests outside this package (the generator lives in {@link PaperVectors}). */
public final class RandomProblems {
    private RandomProblems() {
    }

    public static RateProblem random(long seed, boolean demands) {
        return PaperVectors.random(seed, demands);
    }
}
