/**
 * Seed 004 ch. 4's scheduling layer on simulated hosts: per-destination VOQs paced by token buckets at rates that a
 * distributed algorithm of link proxies assigns every scheduling interval, its request and response packets crossing
 * the simulated fabric beside the data. It runs as a {@link weft.model.sim.Protocol} ({@link
 * weft.model.sim.Workload.Driven}) with Weft's own host classes: {@code weft.model.host.voq.VirtualOutputQueue},
 * {@code weft.model.host.shaping.TokenBucket} and {@code weft.model.rate.distributed.LinkProxy}. Entry point:
 * {@link weft.model.sim.scheduling.SchedulingLayer}.
 */
package weft.model.sim.scheduling;
