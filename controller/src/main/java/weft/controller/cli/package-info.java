/**
 * The controller's picocli commands, registered in the {@code weft} launcher ({@code weft.cli.WeftMain}).
 */
package weft.controller.cli;
