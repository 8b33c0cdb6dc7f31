package weft.controller.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations on the command line: a number and a unit, {@code 2s}, {@code 500ms}, {@code 1.5s}. */
public final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s)");

    private Durations() {
    }

    /**
     * Parses {@code text} given to {@code option}.
     *
     * @throws CliFailure with exit status {@link CliFailure#USAGE} naming the option and the text
     */
    public static Duration parse(String option, String text) {
        Matcher m = DURATION.matcher(text);
        if (!m.matches()) {
            throw new CliFailure(option + " must be a duration such as 2s or 500ms, got " + text, CliFailure.USAGE);
        }
        double value = Double.parseDouble(m.group(1));
        return Duration.ofNanos(Math.round(value * (m.group(2).equals("ms") ? 1e6 : 1e9)));
    }
}
