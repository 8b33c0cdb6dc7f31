/** Writes simulation results as {@code weft-sim/1} JSON (format documented in {@code docs/sim.md}). */
package weft.model.sim.io;
