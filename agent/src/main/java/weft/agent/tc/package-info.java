/**
 * Kernel mode for unmodified applications: the agent programs Linux tc on the host's NIC, one HTB class per
 * destination at the controller's rate with a u32 filter on the destination address, changes rates in place and
 * removes its qdisc on exit; it probes which qdiscs and classifiers the kernel has.
 *
 * <p>Source: digest {@code research/seed-004-haitjema-thesis.md} §10.3 (token-bucket pacing per VOQ) mapped onto HTB
 * classes; facts about this kernel in {@code research/openflow-ovs-feasibility.md} §4 (htb, tbf, u32 only).
 */
package weft.agent.tc;
