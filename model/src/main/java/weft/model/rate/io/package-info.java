/**
 * The {@code weft-rates/1} file format written by {@code weft rates}: the rate of every flow, the load of every link
 * that carries a flow, and the fluid completion time.
 */
package weft.model.rate.io;
