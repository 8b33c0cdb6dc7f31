/**
 * The independent deadlock verifier: walks forwarding entries (never an engine's own path list) and checks
 * connectivity, loops, shortest paths and, per layer, that the channel dependency graph is acyclic.
 *
 * <p>Source: seed 002 §2 and §3 (channel dependency graphs per virtual layer, after Dally and Seitz); digest
 * {@code research/seed-002-reinemo-thesis.md} §0, §1.3 and worked example E6 (the deliberate deadlock).
 */
package weft.model.routing.verify;
