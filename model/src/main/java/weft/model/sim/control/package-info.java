/**
 * Congestion control and reservation on the simulator, as seed 001 evaluates them (Michelogiannakis et al., SC'13,
 * §3-4): its message traffic ({@link weft.model.sim.control.MessageTraffic}: global and intra-cluster uniform,
 * hotspot, the combined pattern and the step onset), hosts with one flow queue per destination under no control,
 * InfiniBand-style ECN or CRP, and the paper's figures ({@link weft.model.sim.control.ControlResult}). CRP runs the
 * model's distributed protocol ({@code weft.model.crp}) unchanged; the simulator's protocol hooks
 * ({@link weft.model.sim.Protocol}) carry its messages. The same hosts can also carry their messages over TCP NewReno
 * ({@code weft.model.tcp}; seed 002 §3.1.5's TCP over Ethernet), one connection per host pair, whose
 * acknowledgements cross the fabric. Entry point: {@link weft.model.sim.control.ControlRun}.
 */
package weft.model.sim.control;
