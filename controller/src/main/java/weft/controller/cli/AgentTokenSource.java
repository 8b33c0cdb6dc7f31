package weft.controller.cli;

import java.io.File;
import java.io.PrintWriter;
import java.util.Map;
import weft.controller.rest.RestAuth;

/**
 * Where the agent channel's shared token comes from: a file ({@code --agent-token-file}, {@code --token-file}), read
 * like every token file of Weft ({@link RestAuth#readTokenFile}: a file other users may read is used with a
 * warning), or the environment variable {@value #ENV}; never the command line, where {@code ps} would show it to
 * every user.
 */
final class AgentTokenSource {
    /** The environment variable holding the token when no file is given. */
    static final String ENV = "WEFT_AGENT_TOKEN";

    private AgentTokenSource() {
    }

    /**
     * The token from {@code fileOrNull}, else from {@code env}; its strength for the agent channel is
     * {@code AgentToken}'s to check.
     *
     * @param option the file option's name, for messages
     * @throws CliFailure when neither gives a token or the file cannot be read
     */
    static String read(String option, File fileOrNull, Map<String, String> env, PrintWriter err) {
        if (fileOrNull == null) {
            String token = env.get(ENV);
            if (token == null || token.isBlank()) {
                throw new CliFailure("no agent token: give " + option + " FILE or set the environment variable "
                        + ENV, CliFailure.USAGE);
            }
            return token.strip();
        }
        try {
            return RestAuth.readTokenFile(option, fileOrNull.toPath(), w -> err.println("warning: " + w));
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
    }
}
