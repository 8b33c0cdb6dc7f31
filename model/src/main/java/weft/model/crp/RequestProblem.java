package weft.model.crp;

/** Why the central form refused a reservation request outright; a refused request changes no table. */
public enum RequestProblem {
    /** The destination has no reservation table. */
    UNKNOWN_DESTINATION,
    /** A resource on a path has no reservation table. */
    UNKNOWN_RESOURCE,
    /** A resource appears twice on a path, or the destination among the channels. */
    REPEATED_RESOURCE,
    /** No candidate path. */
    NO_PATH,
    /** The data size is zero or negative. */
    NON_POSITIVE_UNITS,
    /** More than {@code N_max}, or more than two slots of a resource on the path can hold (seed 001 §2.5). */
    TOO_LARGE,
    /** The earliest slot asked for has already begun to pass. */
    SLOT_IN_PAST,
    /** The earliest slot asked for lies beyond the tables' window. */
    SLOT_BEYOND_WINDOW
}
