package weft.controller.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;

/**
 * Where the agent channel's shared token comes from: a file ({@code --agent-token-file}, {@code --token-file}) or
 * the environment variable {@value #ENV}, never the command line, where {@code ps} would show it to every user.
 * A file that other users may read is used with a warning.
 */
final class AgentTokenSource {
    /** The environment variable holding the token when no file is given. */
    static final String ENV = "WEFT_AGENT_TOKEN";

    private AgentTokenSource() {
    }

    /**
     * The token from {@code fileOrNull}, else from {@code env}; its strength is the caller's to check.
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
        String token;
        try {
            token = Files.readString(fileOrNull.toPath()).strip();
        } catch (IOException e) {
            throw new CliFailure(option + " " + fileOrNull + ": cannot read: " + e.getMessage(), CliFailure.INPUT);
        }
        if (token.isEmpty()) {
            throw new CliFailure(option + " " + fileOrNull + ": empty, expected the token", CliFailure.INPUT);
        }
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(fileOrNull.toPath());
            if (mode.contains(PosixFilePermission.GROUP_READ) || mode.contains(PosixFilePermission.OTHERS_READ)) {
                err.println("warning: " + option + " " + fileOrNull + " can be read by other users; chmod 600 it");
            }
        } catch (IOException | UnsupportedOperationException e) {
            err.println("warning: " + option + " " + fileOrNull + ": cannot check who may read it: " + e);
        }
        return token;
    }
}
