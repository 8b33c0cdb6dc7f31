package weft.model.crp;

/**
 * Where a CRP message goes: a critical resource (its reservation table's node) or a host (a source).
 *
 * @param kind  resource or host
 * @param index the resource id or host id
 */
public record Address(Kind kind, int index) {
    /** What an address names. */
    public enum Kind { RESOURCE, HOST }

    public Address {
        if (kind == null || index < 0) {
            throw new IllegalArgumentException("address: " + kind + " " + index);
        }
    }

    public static Address resource(int id) {
        return new Address(Kind.RESOURCE, id);
    }

    public static Address host(int id) {
        return new Address(Kind.HOST, id);
    }
}
