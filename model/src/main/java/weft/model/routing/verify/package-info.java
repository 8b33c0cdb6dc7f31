/**
 * The independent deadlock verifier: walks forwarding entries (never an engine's own path list) and checks
 * connectivity, loops, shortest paths and, per layer, that the channel dependency graph is acyclic.
 *
 * <p>Source: seed 002 §2.1.3 and §3 (channel dependency graphs per virtual layer, after Dally and Seitz); the
 * deliberate deadlock of a restriction at a starting switch (§3.2.1) is one of its tests.
 */
package weft.model.routing.verify;
