package weft.model.host.path;

/**
 * ECMP as seed 004 models it: {@code path = hash(src, dst) mod p}, one fixed path per server pair.
 *
 * <p>Source: seed 004 §3.1 and App. A.3.8 ("randomly hashes flows to paths based on their source and destination
 * address"). The hash is the 64-bit finaliser of SplitMix64, so pairs spread uniformly.
 */
final class EcmpHash {
    private EcmpHash() {
    }

    /** The policy of sender {@code srcKey}: each packet to {@code dest} takes path {@code hash(src, dest) mod p}. */
    static PathPolicy of(long srcKey) {
        return (dest, paths, bytes) -> (int) Long.remainderUnsigned(mix(srcKey * 0x9E3779B97F4A7C15L + dest), paths);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
