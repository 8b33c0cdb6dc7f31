/**
 * Reproductions of the seeds' published results on Weft's own models: each {@link weft.model.repro.Reproduction}
 * declares the paper's {@link weft.model.repro.Claim}s (figure, unit, {@link weft.model.repro.Tolerance}, and the
 * {@link weft.model.repro.Band} its quick-size figure must fall in) and its {@link weft.model.repro.Parameter}s at the
 * paper's and the quick size; a run returns a {@link weft.model.repro.ReproResult} whose claims compute whether they
 * hold. {@link weft.model.repro.Reproductions} is the registry by name ({@code weft repro NAME}); {@code .io} writes
 * {@code weft-repro/1}, the printed report and the README's table. The random flow sets of seed 000 ch. 6 come from
 * {@link weft.model.traffic.FluidWorkloads}.
 *
 * <p>Reproductions here: {@code contention} (seed 000 §6.2), {@code fluid} (seed 000 §6.3-6.5, calculated rates),
 * {@code spreading} (seed 003 Fig. 1), and on the packet simulator with the papers' switches ({@code TreeFabric}):
 * {@code phase} (seed 003 Fig. 6, seed 000 Fig. 6.7), {@code injection} (seed 003 Table 1, seed 000 Tables 6.3,
 * 6.4), {@code independent} (seed 000 Fig. 6.8a), {@code apps} (seed 000 Fig. 6.10a); and {@code saam} (seed 000
 * §6.4, SAA-M's distributed protocol). Seed 002 on the same simulator: {@code stp}, {@code sr}, {@code lash} (chapter
 * 3, Ethernet fabrics of {@code EthernetSetup}, load sweeps of {@code LoadSweep}) and {@code qos}, {@code admission}
 * (chapters 4-5, InfiniBand service levels of {@code IbaSetup} and {@code IbaExperiment}); {@code lash-layers}
 * counts the layers LASH needs (Fig. 3.13). Seed 004 on its
 * data-center model ({@code DataCenterFabric}: lossy drop-tail k-port fat tree, {@code LossMeter} for per-flow
 * throughput): {@code ecmp} (§3.1-3.2), {@code ecmp-scaling} (§3.1.2 Fig. 3.3, ECMP's fluid model as the
 * tree grows), {@code capacity} (§3.2.4 Table 3.2), {@code resequencer} (§3.4), and
 * {@code voq} (§5.6.2: the distributed VOQ scheduler on a simulated Virtual Switch). Each is a line of the
 * table {@link weft.model.repro.Reproductions} (name, seed, title) and a class holding its claims, parameters and
 * {@link weft.model.repro.Reproduction.Experiment}. Shared by them: {@code TreeFabric} (the trees, their knobs and
 * routed flow sets), {@code SchemeSweep} (rows and curves per scheme), {@code RateMeter} (steady flow rates in
 * a run) and {@code MeasuredWindow} (the part of a run the observers count). A run's independent simulations are
 * {@link java.util.function.Supplier} tasks of the options' {@link weft.model.repro.TaskRunner}, joined in a fixed
 * order (the CLI runs them on several threads).
 * Setup, assumptions, tolerances, run times and results: docs/reproductions.md.
 */
package weft.model.repro;
