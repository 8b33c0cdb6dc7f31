/**
 * The {@code weft-flows/1} file format: flows with their hosts, weight, application and size. Like the topology and
 * routes readers, the model parses text and does no file I/O; errors name the source, the JSON location and the
 * problem.
 */
package weft.model.traffic.io;
