/** The {@code weft} launcher: the root command that gathers every module's subcommands. */
package weft.cli;
