/**
 * The fabric service: ties a topology (from a file, or checked against what the switches report) to a routing
 * engine, the route verifier and the switches. It computes routes, compiles them
 * ({@code weft.controller.program}), reconciles every switch that connects (reads its flows and groups, installs
 * what is missing, removes stale Weft entries, leaves foreign entries alone) and reacts to faults: a port or link
 * going down, or a switch disconnecting, recomputes routes on the remaining topology, verifies them and
 * reprograms every switch in the safe order (new entries everywhere first, ingress entries last, removals after).
 *
 * <p>{@link weft.controller.fabric.FabricService} is the coordinator: session callbacks enqueue work on its one
 * worker thread, which hands it to one class per concern: {@code FabricProgrammer} (recompute, verify, compile,
 * and which switch holds which generation), {@code ThreePhaseUpdate} (read, diff, three barrier-confirmed
 * phases), the one {@code FabricMode}: {@code ConfiguredMode} (a configured fabric's switch and port events) with
 * {@code LinkFaults} (its failed links and lost switches) or {@code DiscoverMode} (discover mode's events and when
 * to route), {@code LldpBeacon}, {@code CountersPoller} (port, flow and meter counters, on the timer thread),
 * {@code HostRegistrations} and {@code EventLog}.
 *
 * <p>Sources: the data flow of the README (topology, routes, verification, programming); the provider/service split
 * follows ONOS's {@code TopologyManager} (docs/sources.md).
 */
package weft.controller.fabric;
