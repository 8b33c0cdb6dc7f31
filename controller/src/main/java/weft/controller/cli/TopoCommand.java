package weft.controller.cli;

import picocli.CommandLine.Command;

/**
 * {@code weft topo}: generate, inspect, draw and convert fabric topologies (the {@code weft-topology/1} file of
 * {@code docs/topology-format.md}).
 */
@Command(name = "topo", mixinStandardHelpOptions = true,
        description = "Generate, inspect, draw and convert fabric topologies (weft-topology/1 JSON files).",
        subcommands = {
            TopoGenerateCommand.class,
            TopoShowCommand.class,
            TopoDotCommand.class,
            TopoImportIbCommand.class,
            TopoExportIbCommand.class,
        },
        footer = {"", "Exit status: 0 success, 1 invalid or unreadable input file, 2 usage error."})
public final class TopoCommand extends CommandGroup {
}
