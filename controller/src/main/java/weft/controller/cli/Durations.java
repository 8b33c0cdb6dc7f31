package weft.controller.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations on the command line: a number and a unit ({@code ns}, {@code us} or {@code µs}, {@code ms}, {@code s}),
 * {@code 2s}, {@code 500ms}, {@code 1.5s}, {@code 100us}.
 */
public final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s)");

    private Durations() {
    }

    /**
     * Parses {@code text} given to {@code option}, a timeout or a quiet time.
     *
     * @throws CliFailure with exit status {@link CliFailure#USAGE} naming the option and the text
     */
    public static Duration parse(String option, String text) {
        return Duration.ofNanos(nanos(option, text, "2s or 500ms"));
    }

    /**
     * Parses {@code text} given to {@code option}, a time below a millisecond or a few (the CRP slot), in
     * nanoseconds.
     *
     * @throws CliFailure with exit status {@link CliFailure#USAGE} naming the option and the text
     */
    public static long nanos(String option, String text) {
        return nanos(option, text, "100us or 10ms");
    }

    private static long nanos(String option, String text, String examples) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CliFailure(option + " must be a duration such as " + examples + ", got " + text,
                    CliFailure.USAGE);
        }
        double unit = switch (m.group(2)) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
        return Math.round(Double.parseDouble(m.group(1)) * unit);
    }
}
