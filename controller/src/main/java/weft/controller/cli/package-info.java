/**
 * The {@code weft} subcommands that live in the controller module: {@code weft topo} (generate, show, dot,
 * import-ib, export-ib), {@code weft controller run} (the OpenFlow controller, with the agent registry embedded by
 * {@code --agents-listen}), {@code weft rates set}, and the shared file helper
 * {@link weft.controller.cli.TopologyFiles} that every command reading a topology uses, so that a bad file gives
 * the same one-line error and exit status everywhere.
 *
 * <p>Exit status of every command: {@code 0} success, {@code 1} an input file is missing, unreadable or invalid
 * (the message names the file, the location and the problem), {@code 2} a usage error (unknown option, bad
 * parameter value). No command prints a stack trace for bad input: a command throws a
 * {@link weft.controller.cli.CliFailure} and {@link weft.controller.cli.CliCommand} turns it into its one line and
 * its exit status.
 */
package weft.controller.cli;
