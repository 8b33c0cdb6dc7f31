package weft.model.topology.generate;

import java.util.List;

/** A topology family whose name, summary and parameters are fixed when it is made; each family adds its build. */
abstract class GeneratorFamily implements TopologyGenerator {
    private final String kind;
    private final String summary;
    private final List<GeneratorParameter> parameters;

    GeneratorFamily(String kind, String summary, GeneratorParameter... parameters) {
        this.kind = kind;
        this.summary = summary;
        this.parameters = List.of(parameters);
    }

    @Override
    public final String kind() {
        return kind;
    }

    @Override
    public final String summary() {
        return summary;
    }

    @Override
    public final List<GeneratorParameter> parameters() {
        return parameters;
    }
}
