/**
 * Connection admission control (seed 002 ch. 5): a flow is admitted or rejected before it sends, with a reason;
 * admitted flows are not throttled. {@link weft.model.admission.LinkByLink} and
 * {@link weft.model.admission.ProbeBased} guarantee bandwidth; {@link weft.model.admission.CalibratedLoad} and
 * {@link weft.model.admission.EgressBased} are the thesis's baselines. Digest
 * {@code research/seed-002-reinemo-thesis.md} §6 and worked example E9.
 *
 * <p>Decision (not specified by the thesis, digest §6): {@link weft.model.admission.AdmissionControl#release}
 * returns an admitted flow's reservation when it ends.
 */
package weft.model.admission;
