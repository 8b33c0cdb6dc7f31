/**
 * Explicit rate allocation: one interface ({@link weft.model.rate.RateAllocator}: topology + per-flow paths +
 * flows -> rate per flow) and the central algorithms of the seeds, each in its own class.
 *
 * <ul>
 *   <li>{@link weft.model.rate.Saa} and {@link weft.model.rate.SaaM}: seed 000 §4.1, seed 003 §5 (one phase-based
 *       application, minimum completion time);</li>
 *   <li>{@link weft.model.rate.Ffa}: seed 000 §4.2, Alg. 4.5 (weighted max-min for independent flows);</li>
 *   <li>{@link weft.model.rate.Afa}: seed 000 §4.3, Alg. 4.12 (max-min over applications);</li>
 *   <li>{@link weft.model.rate.MaxMin} and {@link weft.model.rate.BacklogProportional}: seed 004 §4.3, Alg. 1-3
 *       corrected, with per-VOQ minimum rates and the Eq. 4.2 overhead deduction
 *       ({@link weft.model.rate.VoqBudget}).</li>
 * </ul>
 *
 * <p>Every allocator computes in an {@link weft.model.rate.Arithmetic}: exact {@link weft.model.rate.Rational}s for the
 * paper vectors, doubles in production. {@link weft.model.rate.FabricProblem} turns a topology, routes and flows into
 * the dense {@link weft.model.rate.RateProblem}. Distributed forms: {@code weft.model.rate.distributed}. Errata and
 * decisions: docs/sources.md.
 */
package weft.model.rate;
