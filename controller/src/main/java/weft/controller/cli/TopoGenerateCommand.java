package weft.controller.cli;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorArguments;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.GeneratorParameter;
import weft.model.topology.generate.Generators;
import weft.model.topology.generate.TopologyGenerator;
import weft.model.topology.io.TopologyJson;

/**
 * {@code weft topo generate KIND [params] -o FILE}: one subcommand per entry of the {@link Generators} table, each
 * with the family's own options plus the shared ones ({@code --hosts}, {@code --gbps}, {@code --dpid-base},
 * {@code --latency-us}, {@code -o}). The subcommands are built from the table, so a new family appears here and in
 * {@code --help} without CLI code.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Generate a fabric and write it as weft-topology/1 JSON.",
        modelTransformer = TopoGenerateCommand.Kinds.class,
        footer = {"", "Example: weft topo generate kary-ntree --k 16 --n 3 -o t.json"})
public final class TopoGenerateCommand extends CommandGroup {
    /** Adds one subcommand per generator family. */
    static final class Kinds implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec generate) {
            for (TopologyGenerator g : Generators.all()) {
                generate.addSubcommand(g.kind(), new CommandLine(kindSpec(g)));
            }
            return generate;
        }
    }

    private static CommandSpec kindSpec(TopologyGenerator generator) {
        Kind kind = new Kind(generator);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(kind);
        kind.spec = spec;
        spec.name(generator.kind()).mixinStandardHelpOptions(true);
        spec.usageMessage().description(generator.summary());
        for (GeneratorParameter p : generator.parameters()) {
            OptionSpec.Builder option = OptionSpec.builder("--" + p.name()).paramLabel("<" + p.name() + ">")
                    .type(String.class).required(p.isRequired());
            option.description(p.description() + (p.isRequired() ? "" : " (default: " + p.defaultValue() + ")"));
            spec.addOption(option.build());
        }
        spec.addOption(OptionSpec.builder("--hosts").paramLabel("<h>").type(Integer.class)
                .description("hosts per host-carrying switch (leaf level of trees); default: the family's").build());
        spec.addOption(OptionSpec.builder("--gbps").paramLabel("<gbps>").type(double.class)
                .defaultValue(String.valueOf(GeneratorOptions.DEFAULT_GBPS))
                .description("capacity of every link in Gbit/s (default: ${DEFAULT-VALUE})").build());
        spec.addOption(OptionSpec.builder("--latency-us").paramLabel("<us>").type(double.class)
                .defaultValue("1.0").description("one-way latency of switch links in us (default: ${DEFAULT-VALUE})")
                .build());
        spec.addOption(OptionSpec.builder("--dpid-base").paramLabel("<dpid>").type(String.class).defaultValue("1")
                .description("datapath id of s1, decimal or 0x-hex; s(i+1) gets base+i (default: ${DEFAULT-VALUE})")
                .build());
        spec.addOption(OptionSpec.builder("-o", "--output").paramLabel("<file>").type(Path.class).defaultValue("-")
                .description("output file, - for stdout (default: ${DEFAULT-VALUE})").build());
        spec.usageMessage().footer("", "Exit status: 0 success, 1 output not writable, 2 usage error.");
        return spec;
    }

    private static long dpidBase(String text) {
        try {
            return Long.decode(text.trim());
        } catch (NumberFormatException e) {
            throw new CliFailure("--dpid-base must be a decimal or 0x-hex number, got '" + text + "'",
                    CliFailure.USAGE);
        }
    }

    /** The action of one family's subcommand. */
    static final class Kind implements Callable<Integer> {
        private final TopologyGenerator generator;
        private CommandSpec spec;

        Kind(TopologyGenerator generator) {
            this.generator = generator;
        }

        @Override
        public Integer call() {
            try {
                Map<String, String> given = new HashMap<>();
                for (GeneratorParameter p : generator.parameters()) {
                    String v = spec.findOption("--" + p.name()).getValue();
                    if (v != null) {
                        given.put(p.name(), v);
                    }
                }
                Integer hosts = spec.findOption("--hosts").getValue();
                Topology t;
                try {
                    GeneratorOptions options = GeneratorOptions.defaults()
                            .withGbps(spec.findOption("--gbps").<Double>getValue())
                            .withLatencyUs(spec.findOption("--latency-us").<Double>getValue())
                            .withDpidBase(dpidBase(spec.findOption("--dpid-base").getValue()));
                    if (hosts != null) {
                        options = options.withHosts(hosts);
                    }
                    t = generator.generate(GeneratorArguments.of(generator, given), options);
                } catch (IllegalArgumentException e) {
                    String prefix = generator.kind() + ": ";
                    String message = e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length())
                            : e.getMessage();
                    throw new CliFailure(message, CliFailure.USAGE);
                }
                Path out = spec.findOption("-o").getValue();
                TopologyFiles.write(out, spec.commandLine().getOut(), w -> TopologyJson.write(t, w));
                if (!out.toString().equals("-")) {
                    spec.commandLine().getOut().printf("wrote %s: %s, %d switches, %d hosts, %d links%n", out,
                            t.name(), t.switches().size(), t.hosts().size(), t.links().size());
                    spec.commandLine().getOut().flush();
                }
                return 0;
            } catch (CliFailure e) {
                return e.report(spec);
            }
        }
    }
}
