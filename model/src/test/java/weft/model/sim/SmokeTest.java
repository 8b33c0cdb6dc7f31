package weft.model.sim;

import org.junit.jupiter.api.Test;
import weft.model.routing.Fabrics;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;
import weft.model.traffic.TrafficPatterns;

class SmokeTest {
    @Test
    void smoke() {
        for (String engine : new String[] {"minhop", "updown", "dor", "lash"}) {
            Topology t = Fabrics.torus(8, 8);
            RoutingResult r = RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults());
            for (double load : new double[] {0.3, 1.0}) {
                Simulator sim = new Simulator(t, r, SimConfig.defaults().withDurationPs(1_000_000_000L).withBufferBytes(2*2048));
                long t0 = System.nanoTime();
                SimResult res = sim.run(new Workload.OpenLoop(TrafficPatterns.parse("uniform", 64, 1), load));
                System.out.printf("%s load %.1f acc %.3f off %.3f lat %.0f p99 %.0f delivered %d events %d stop %s %s %.0f ms%n",
                        engine, load, res.accepted(), res.offered(), res.latencyNs().mean(), res.latencyNs().p99(),
                        res.deliveredPackets(), res.events(), res.stopReason(),
                        res.deadlock() == null ? "" : res.deadlock().cycle(), (System.nanoTime() - t0) / 1e6);
            }
        }
    }
}
