package weft.model.topology.generate;

import java.util.OptionalInt;
import weft.model.topology.Link;

/**
 * The options every generator shares: hosts per switch, link capacity, first datapath id and link latency.
 *
 * @param hostsPerSwitch hosts on each host-carrying switch (the leaf level of trees, every switch elsewhere);
 *                       empty means the family's default, which each generator documents
 * @param gbps           capacity of every link, host links included, in Gbit/s
 * @param dpidBase       datapath id of {@code s1}; switch {@code s(i+1)} gets {@code dpidBase + i}
 * @param latencyUs      one-way latency of every switch-to-switch link in microseconds
 */
public record GeneratorOptions(OptionalInt hostsPerSwitch, double gbps, long dpidBase, double latencyUs) {
    /** Default link capacity: 10 Gbit/s. */
    public static final double DEFAULT_GBPS = 10.0;

    public GeneratorOptions {
        if (hostsPerSwitch == null) {
            throw new IllegalArgumentException("hostsPerSwitch must not be null (use OptionalInt.empty())");
        }
        if (hostsPerSwitch.isPresent() && hostsPerSwitch.getAsInt() < 0) {
            throw new GeneratorException("hosts must be >= 0, got " + hostsPerSwitch.getAsInt());
        }
        if (!(gbps > 0) || Double.isInfinite(gbps)) {
            throw new GeneratorException("gbps must be a positive number, got " + gbps);
        }
        if (dpidBase < 1) {
            throw new GeneratorException("dpid-base must be >= 1, got " + dpidBase);
        }
        if (!(latencyUs >= 0) || Double.isInfinite(latencyUs)) {
            throw new GeneratorException("latency-us must be a number >= 0, got " + latencyUs);
        }
    }

    /** The family default host count, 10 Gbit/s links, dpids from 1 and {@link Link#DEFAULT_LATENCY_US}. */
    public static GeneratorOptions defaults() {
        return new GeneratorOptions(OptionalInt.empty(), DEFAULT_GBPS, 1, Link.DEFAULT_LATENCY_US);
    }

    public GeneratorOptions withHosts(int hosts) {
        return new GeneratorOptions(OptionalInt.of(hosts), gbps, dpidBase, latencyUs);
    }

    public GeneratorOptions withGbps(double newGbps) {
        return new GeneratorOptions(hostsPerSwitch, newGbps, dpidBase, latencyUs);
    }

    public GeneratorOptions withDpidBase(long base) {
        return new GeneratorOptions(hostsPerSwitch, gbps, base, latencyUs);
    }

    public GeneratorOptions withLatencyUs(double latency) {
        return new GeneratorOptions(hostsPerSwitch, gbps, dpidBase, latency);
    }

    /** The requested host count, or {@code familyDefault} when none was given. */
    int hostsOr(int familyDefault) {
        return hostsPerSwitch.orElse(familyDefault);
    }
}
