package weft.model.repro;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

import weft.model.admission.AdmittedLoad;
import weft.model.admission.EgressBased;
import weft.model.admission.EnvelopeMeter;
import weft.model.admission.ProbeBased;
import weft.model.sim.SimConfig;
import weft.model.sim.Simulator;

/**
 * The measured admission schemes of seed 002 §5.3 on one fabric of the InfiniBand experiment: the flows ask in
 * {@code rounds} batches ({@link AdmittedLoad#admitInRounds}), and before each batch the fabric runs the flows
 * admitted so far. Egress-Based (§5.3.1): every egress builds its envelopes from the packets it received in that run
 * ({@link EgressLog}, {@link EnvelopeMeter}) and adds the peaks it admitted since; Probe-Based (§5.3.2): every
 * source sends six probes per request on SL5 (weight 1) during the run ({@link Probes}) and its destination decides
 * on their jitter. Before anything is admitted the network is empty: EB's envelopes are those of an idle egress,
 * PB's probes cross an otherwise idle fabric.
 *
 * <p>Parameters the thesis does not give, with Weft's values: the slot τ is one packet time (32 cycles) and
 * {@code T} slots make an interval, the run's window giving {@code M}; the delay bounds D are the thesis's 100 cycles
 * for SL1-2 and 250 for SL3-4 (§5.4.1) and 500 for SL5 (best effort, no bound given); the jitter bound J carried by
 * the probes is the same figure per SL (the thesis: "the jitter requirements embedded in the probes"); α is a
 * parameter. Table 4.1's five SLs, SL5 the probes' class.
 */
final class MeasuredBrokers {
    /** Table 4.1's service levels, the last (SL5, weight 1) the probes' class. */
    private static final int CLASSES = 5;

    private final IbaExperiment experiment;
    private final long[] delay;
    private final long[] jitter;
    private final int slots;
    private final double confidence;
    private final int rounds;

    /**
     * @param slots      T, slots of one packet time per EB interval
     * @param confidence EB's α
     * @param rounds     request batches
     * @param delay      EB's delay bound D per SL, cycles
     * @param jitter     PB's jitter bound J per SL, cycles
     */
    MeasuredBrokers(IbaExperiment experiment, int slots, double confidence, int rounds, long[] delay,
                    long[] jitter) {
        this.experiment = experiment;
        this.delay = delay.clone();
        this.jitter = jitter.clone();
        this.slots = slots;
        this.confidence = confidence;
        this.rounds = rounds;
    }

    /** What Egress-Based admits of {@code demands} (one per host, in host order), per host as link fractions. */
    AdmittedLoad.Result egressBased(Simulator sim, IbaSetup.Fabric f, List<AdmittedLoad.Demand> demands,
                                    double flowGbps, RandomGenerator random) {
        SimConfig c = sim.network().config();
        long slotPs = IbaSetup.CYCLES_PER_PACKET * IbaSetup.CYCLE_PS;
        int intervals = (int) Math.max(1, c.durationPs() / (slots * slotPs));
        EnvelopeMeter meter = new EnvelopeMeter(c.warmupPs(), slotPs, slots, intervals, IbaSetup.GBPS);
        int hosts = demands.size();
        return AdmittedLoad.admitInRounds(new EgressBased(), demands, flowGbps, rounds, (admitted, asking) -> {
            EgressLog log = new EgressLog(hosts, c.warmupPs());
            if (total(admitted) > 0) {
                IbaSetup.measure(sim, f, CLASSES, fractions(admitted),
                        experiment.queue(), null, Probes.none(hosts), log);
            }
            EgressBased.Envelopes[] seen = new EgressBased.Envelopes[hosts];
            for (int h = 0; h < hosts; h++) {
                long[][] record = log.of(f.destination()[h]);
                int d = (int) (delay[f.serviceLevel()[h]] / IbaSetup.CYCLES_PER_PACKET);
                seen[h] = meter.measure(record[0], record[1], d, confidence, IbaSetup.GBPS);
            }
            return (demand, k, thisRound) -> seen[demand].plusArrival(thisRound);
        }, random);
    }

    /** What Probe-Based admits of {@code demands}. */
    AdmittedLoad.Result probeBased(Simulator sim, IbaSetup.Fabric f, List<AdmittedLoad.Demand> demands,
                                   double flowGbps, RandomGenerator random) {
        SimConfig c = sim.network().config();
        int hosts = demands.size();
        int probeClass = CLASSES - 1;
        return AdmittedLoad.admitInRounds(new ProbeBased(), demands, flowGbps, rounds, (admitted, asking) -> {
            int[] count = new int[hosts];
            for (int h = 0; h < hosts; h++) {
                count[h] = asking[h] * ProbeBased.PROBES_PER_FLOW;
            }
            Probes probes = new Probes(count, probeClass, c.warmupPs(), c.durationPs());
            IbaSetup.measure(sim, f, CLASSES, fractions(admitted), experiment.queue(), null, probes);
            return (demand, k, thisRound) -> probes.report(demand, k, jitter[f.serviceLevel()[demand]],
                    IbaSetup.CYCLE_PS);
        }, random);
    }

    /**
     * A bound per SL from option {@code name}: five cycle counts separated by commas.
     *
     * @throws IllegalArgumentException naming the option and the value it cannot use
     */
    static long[] bounds(ReproOptions o, String name) {
        String given = o.string(name);
        String[] parts = given.split(",");
        long[] out = new long[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                out[i] = Long.parseLong(parts[i].trim());
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + ": expected " + CLASSES + " cycle counts separated by "
                    + "commas, got '" + given + "'", e);
        }
        if (out.length != CLASSES || Arrays.stream(out).anyMatch(b -> b < 0)) {
            throw new IllegalArgumentException("--" + name + ": expected " + CLASSES + " cycle counts >= 0 (SL1..SL5), "
                    + "got '" + given + "'");
        }
        return out;
    }

    private static double total(double[] v) {
        double t = 0;
        for (double x : v) {
            t += x;
        }
        return t;
    }

    private static double[] fractions(double[] gbps) {
        double[] out = new double[gbps.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = gbps[i] / IbaSetup.GBPS;
        }
        return out;
    }
}
