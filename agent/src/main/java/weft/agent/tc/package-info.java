/**
 * Kernel mode for unmodified applications: the agent programs Linux tc on the host's NIC, one HTB class per
 * destination at the controller's rate with a u32 filter on the destination address, changes rates in place and
 * removes its qdisc on exit; it probes which qdiscs and classifiers the kernel has.
 *
 * <p>Source: seed 004 §4.5.3 (pacing per VOQ), as Weft's token buckets mapped onto HTB classes; the qdiscs this kernel
 * offers (htb, tbf, u32 only) are listed in docs/sources.md §5.
 */
package weft.agent.tc;
