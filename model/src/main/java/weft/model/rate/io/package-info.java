/**
 * Rate file formats: {@code weft-rates/1}, written by {@code weft rates} (the rate of every flow, the load of every
 * link that carries a flow, and the fluid completion time), and {@code weft-pair-rates/1}, the per-pair rate table
 * the controller enforces with meters ({@link weft.model.rate.io.PairRatesJson}).
 */
package weft.model.rate.io;
