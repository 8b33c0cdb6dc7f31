/**
 * The discrete-event core of the fabric simulator: an event list on primitive arrays with a total, reproducible
 * order (integer time, phase, sequence number), after htsim's {@code EventList} and BookSim's cycle order.
 */
package weft.model.sim.engine;
