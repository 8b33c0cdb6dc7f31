package weft.model.admission;

import java.util.HashMap;
import java.util.Map;

/**
 * Link-by-Link admission (LL): a central broker that knows every link's admitted load per service level admits a
 * flow iff on every link of its path {@code P + S_sl < BW_sl}, with {@code BW_sl = BW_link · L_sl / L_total} the
 * service level's share of the link's effective bandwidth ("simple sum"). It guarantees bandwidth per SL: the
 * admitted peak rates of an SL never reach its share on any link.
 *
 * <p>Seed 002 §5.2.2 (LL, eqs. 5.2-5.4; strict "<").
 */
public final class LinkByLink implements AdmissionControl {
    private final String[] linkNames;
    private final double[][] share;
    private final double[][] admitted;
    private final Map<String, AdmissionRequest> flows = new HashMap<>();

    /**
     * @param linkNames         names of the directed links, for reasons
     * @param effectiveGbps     effective bandwidth {@code BW_link} of each link
     * @param serviceLevelLoads {@code L_sl} per service level (Table 4.1 loads); shares are {@code L_sl / Σ L}
     */
    public LinkByLink(String[] linkNames, double[] effectiveGbps, double[] serviceLevelLoads) {
        if (linkNames.length != effectiveGbps.length) {
            throw new IllegalArgumentException("LL: " + linkNames.length + " link names for " + effectiveGbps.length
                    + " bandwidths");
        }
        double total = 0;
        for (double l : serviceLevelLoads) {
            if (!(l >= 0)) {
                throw new IllegalArgumentException("LL: service-level loads must be >= 0, got " + l);
            }
            total += l;
        }
        if (!(total > 0)) {
            throw new IllegalArgumentException("LL: service-level loads sum to 0; expected a positive total");
        }
        this.linkNames = linkNames.clone();
        share = new double[linkNames.length][serviceLevelLoads.length];
        admitted = new double[linkNames.length][serviceLevelLoads.length];
        for (int l = 0; l < linkNames.length; l++) {
            for (int sl = 0; sl < serviceLevelLoads.length; sl++) {
                share[l][sl] = effectiveGbps[l] * serviceLevelLoads[sl] / total;
            }
        }
    }

    @Override
    public String name() {
        return "LL";
    }

    /** {@code BW_sl} of a link (eq. 5.4). */
    public double share(int link, int serviceLevel) {
        return share[link][serviceLevel];
    }

    /** {@code S_sl}: admitted peak rates of an SL on a link. */
    public double admitted(int link, int serviceLevel) {
        return admitted[link][serviceLevel];
    }

    @Override
    public AdmissionDecision request(AdmissionRequest r) {
        if (flows.containsKey(r.flowId())) {
            return AdmissionDecision.reject("LL: flow " + r.flowId() + " is already admitted");
        }
        int sl = r.serviceLevel();
        if (sl >= share[0].length) {
            return AdmissionDecision.reject("LL: flow " + r.flowId() + ": service level " + sl + " outside 0.."
                    + (share[0].length - 1));
        }
        for (int l : r.links()) {
            if (l < 0 || l >= linkNames.length) {
                return AdmissionDecision.reject("LL: flow " + r.flowId() + ": link index " + l + " outside 0.."
                        + (linkNames.length - 1));
            }
            // Eq. 5.3: P + S_sl < BW_sl on every link of the path.
            if (!(r.peakGbps() + admitted[l][sl] < share[l][sl])) {
                return AdmissionDecision.reject("LL: flow " + r.flowId() + " rejected at link " + linkNames[l]
                        + ": P + S_sl = " + r.peakGbps() + " + " + admitted[l][sl] + " is not below BW_sl = "
                        + share[l][sl] + " Gbit/s for SL" + sl);
            }
        }
        for (int l : r.links()) {
            admitted[l][sl] += r.peakGbps();
        }
        flows.put(r.flowId(), r);
        return AdmissionDecision.admit("LL: reserved " + r.peakGbps() + " Gbit/s of SL" + sl + " on "
                + r.links().length + " links");
    }

    @Override
    public void release(String flowId) {
        AdmissionRequest r = flows.remove(flowId);
        if (r == null) {
            throw new IllegalArgumentException("LL: release of " + flowId + ": not an admitted flow");
        }
        for (int l : r.links()) {
            admitted[l][r.serviceLevel()] -= r.peakGbps();
        }
    }
}
