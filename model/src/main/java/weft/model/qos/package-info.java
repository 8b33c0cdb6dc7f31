/**
 * InfiniBand-style service differentiation as tables (seed 002 ch. 4, §4.2.1): the service level a packet carries,
 * the SL-to-VL mapping ({@link weft.model.qos.SlToVlTable}), the VL arbitration table of high- and low-priority
 * (VL, weight) entries with the limit of high priority ({@link weft.model.qos.VlArbitrationTable}), the
 * per-output-port arbiter that runs it packet by packet without allocating ({@link weft.model.qos.VlArbiter}), and
 * the thesis's five service levels of Table 4.1 ({@link weft.model.qos.ServiceLevels}).
 *
 * <p>Arbitration hierarchy (§4.2.1): the management lane VL15 preempts everything; high-priority lanes preempt
 * low-priority lanes until the limit of high priority is reached and a low-priority packet waits; within one
 * priority, weighted round robin where a weight is a number of 64-byte blocks. Units and the limit's encoding follow
 * the InfiniBand Architecture Specification Vol. 1 (docs/sources.md).
 */
package weft.model.qos;
