package weft.agent.cli;

import java.util.List;
import picocli.CommandLine.Option;

/**
 * The depth of the agent's token bucket per VOQ ({@code --bucket-bytes}), declared once for {@code weft agent run},
 * whose data path shapes with it, and for {@code weft bench agent}, which runs agents with it.
 */
public final class TokenBucketOption {
    @Option(names = "--bucket-bytes", defaultValue = "3076",
            description = "token bucket depth per VOQ, bytes (default ${DEFAULT-VALUE}: two 1538 B frames)")
    int bucketBytes;

    /** The depth in bytes. */
    public int bytes() {
        return bucketBytes;
    }

    /** The option as arguments of {@code weft agent run}. */
    public List<String> arguments() {
        return List.of("--bucket-bytes", String.valueOf(bucketBytes));
    }
}
