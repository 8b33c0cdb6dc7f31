package weft.model.rate;

import java.util.Arrays;

/**
 * {@link WaterLevels} in arrays of {@code N}, for any {@link Arithmetic} (exact fractions for the paper's vectors).
 *
 * @param <N> the number type of the rates
 */
final class GenericWaterLevels<N> extends WaterLevels<N> {
    private final Arithmetic<N> a;
    private final N[] residual;
    private final N[] base;
    private final N[] activeWeight;
    private final N[] key;
    private final N[] weight;
    private final N[] level;
    private N rho;
    private N candidate;

    GenericWaterLevels(RateProblem p, Arithmetic<N> arithmetic) {
        super(p);
        a = arithmetic;
        int links = p.linkCount() + demandLinks(p);
        residual = a.newArray(links);
        base = a.newArray(links);
        activeWeight = a.newArray(links);
        key = a.newArray(links);
        weight = a.newArray(p.flowCount());
        level = a.newArray(p.flowCount());
        rho = a.zero();
        Arrays.fill(base, rho);
        Arrays.fill(activeWeight, rho);
        start();
    }

    @Override
    void setCapacity(int l, double capacity) {
        residual[l] = a.of(capacity);
    }

    @Override
    void setWeight(int f, double w) {
        weight[f] = a.of(w);
    }

    @Override
    void addActiveWeight(int l, int f) {
        activeWeight[l] = a.add(activeWeight[l], weight[f]);
    }

    @Override
    void measure(int l) {
        candidate = a.add(base[l], a.div(residual[l], activeWeight[l]));
    }

    @Override
    boolean candidateAboveKey(int l) {
        return a.compare(candidate, key[l]) > 0;
    }

    @Override
    void keyAtCandidate(int l) {
        key[l] = candidate;
    }

    @Override
    int compareKeys(int l, int m) {
        return a.compare(key[l], key[m]);
    }

    @Override
    boolean raise() {
        N old = rho;
        rho = a.max(rho, candidate);
        double r = a.toDouble(old);
        return a.exact() ? a.compare(rho, old) > 0 : a.toDouble(rho) - r > 1e-12 * Math.max(1, Math.abs(r));
    }

    @Override
    void freezeAtLevel(int f, int[] links) {
        level[f] = rho;
        for (int m : links) {
            if (base[m] != rho) {
                // Bring the residual up to the current level (skipped when this level already did: same object).
                residual[m] = a.sub(residual[m], a.mul(a.sub(rho, base[m]), activeWeight[m]));
                base[m] = rho;
            }
            activeWeight[m] = a.sub(activeWeight[m], weight[f]);
        }
    }

    @Override
    Allocation<N> allocation(String name, int iterations) {
        N[] rates = a.newArray(level.length);
        for (int f = 0; f < rates.length; f++) {
            rates[f] = a.mul(weight[f], level[f]);
        }
        return new Allocation<>(name, problem, a, rates, iterations);
    }
}
