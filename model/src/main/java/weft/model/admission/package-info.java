/**
 * Connection admission control (seed 002 ch. 5): a flow is admitted or rejected before it sends, with a reason;
 * admitted flows are not throttled. {@link weft.model.admission.LinkByLink} and {@link weft.model.admission.ProbeBased}
 * guarantee bandwidth; {@link weft.model.admission.CalibratedLoad} and {@link weft.model.admission.EgressBased} are the
 * thesis's baselines (§5.2-5.3, Table 4.1). For the class-level experiment (§5.4.1) a broker on a fabric takes its
 * link table and each flow's links from {@link weft.model.admission.FabricLinks}, its calibration from a load sweep
 * ({@link weft.model.admission.Saturation}), and {@link weft.model.admission.AdmittedLoad} runs one load level's
 * flows through a scheme.
 *
 * <p>Decision (not specified by the thesis): {@link weft.model.admission.AdmissionControl#release} returns an admitted
 * flow's reservation when it ends.
 */
package weft.model.admission;
