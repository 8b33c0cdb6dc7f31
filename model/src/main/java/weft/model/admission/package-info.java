/**
 * Connection admission control (seed 002 ch. 5): a flow is admitted or rejected before it sends, with a reason;
 * admitted flows are not throttled. {@link weft.model.admission.LinkByLink} and {@link weft.model.admission.ProbeBased}
 * guarantee bandwidth; {@link weft.model.admission.CalibratedLoad} and {@link weft.model.admission.EgressBased} are the
 * thesis's baselines (§5.2-5.3, Table 4.1).
 *
 * <p>Decision (not specified by the thesis): {@link weft.model.admission.AdmissionControl#release} returns an admitted
 * flow's reservation when it ends.
 */
package weft.model.admission;
