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
    private boolean started;

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

    private N saturation(int l) {
        return a.add(base[l], a.div(residual[l], activeWeight[l]));
    }

    @Override
    void queueAtSaturation(int l) {
        key[l] = saturation(l);
    }

    @Override
    boolean saturationRose(int l) {
        N saturation = saturation(l);
        if (a.compare(saturation, key[l]) > 0) {
            key[l] = saturation;
            return true;
        }
        candidate = saturation;
        return false;
    }

    @Override
    int compareKeys(int l, int m) {
        return a.compare(key[l], key[m]);
    }

    @Override
    boolean raiseToSaturation() {
        N next = a.max(rho, candidate);
        boolean newLevel;
        if (a.exact()) {
            newLevel = !started || a.compare(next, rho) > 0;
        } else {
            double r = a.toDouble(rho);
            newLevel = !started || a.toDouble(next) - r > 1e-12 * Math.max(1, Math.abs(r));
        }
        started = true;
        rho = next;
        return newLevel;
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
