package weft.model.rate;

/**
 * {@link WaterLevels} in primitive {@code double} arrays, for {@link Arithmetic#DOUBLE}: no boxing on the hot path.
 */
final class DoubleWaterLevels extends WaterLevels<Double> {
    private final double[] residual;
    private final double[] base;
    private final double[] activeWeight;
    private final double[] key;
    private final double[] weight;
    private final double[] level;
    private double rho;
    private double candidate;

    DoubleWaterLevels(RateProblem p) {
        super(p);
        int links = p.linkCount() + demandLinks(p);
        residual = new double[links];
        base = new double[links];
        activeWeight = new double[links];
        key = new double[links];
        weight = new double[p.flowCount()];
        level = new double[p.flowCount()];
        start();
    }

    @Override
    void setCapacity(int l, double capacity) {
        residual[l] = capacity;
    }

    @Override
    void setWeight(int f, double w) {
        weight[f] = w;
    }

    @Override
    void addActiveWeight(int l, int f) {
        activeWeight[l] += weight[f];
    }

    @Override
    void measure(int l) {
        candidate = base[l] + residual[l] / activeWeight[l];
    }

    @Override
    boolean candidateAboveKey(int l) {
        return candidate > key[l];
    }

    @Override
    void keyAtCandidate(int l) {
        key[l] = candidate;
    }

    @Override
    int compareKeys(int l, int m) {
        return key[l] < key[m] ? -1 : key[l] > key[m] ? 1 : 0;
    }

    @Override
    boolean raise() {
        double old = rho;
        rho = Math.max(rho, candidate);
        return rho - old > 1e-12 * Math.max(1, Math.abs(old));
    }

    @Override
    void freezeAtLevel(int f, int[] links) {
        level[f] = rho;
        for (int m : links) {
            residual[m] -= (rho - base[m]) * activeWeight[m];
            base[m] = rho;
            activeWeight[m] -= weight[f];
        }
    }

    @Override
    Allocation<Double> allocation(String name, int iterations) {
        Double[] rates = new Double[level.length];
        for (int f = 0; f < rates.length; f++) {
            rates[f] = weight[f] * level[f];
        }
        return new Allocation<>(name, problem, Arithmetic.DOUBLE, rates, iterations);
    }
}
