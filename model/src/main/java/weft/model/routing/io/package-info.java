/**
 * The {@code weft-routes/1} file format: routing results as data (like OpenSM's {@code osm_ucast_file.c} dumps), so
 * that {@code weft route verify} and the controller can reload and check them (docs/routing.md).
 */
package weft.model.routing.io;
