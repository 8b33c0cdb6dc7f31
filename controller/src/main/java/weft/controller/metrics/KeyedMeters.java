package weft.controller.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One metric whose label sets follow the fabric (a series per link, switch, pair or VOQ): {@link #update} takes
 * the current value of every label set, registers the new ones and removes the ones that are gone, so a link or
 * agent that leaves stops being exported instead of freezing at its last value.
 */
final class KeyedMeters {
    /**
     * A family as declared: what every series of it is called, described and measured in.
     *
     * @param unit    the base unit, or null for a plain count or state
     * @param counter true for a monotonic count (exported with {@code _total}; rates by PromQL's {@code rate}),
     *                false for a gauge
     */
    record Family(String name, String help, String unit, boolean counter) {
        /** The family's name as Prometheus shows it, without the {@code _total} of counters. */
        String prometheusName() {
            return name.replace('.', '_') + (unit == null ? "" : "_" + unit.replace('.', '_'));
        }
    }

    private final MeterRegistry registry;
    private final Family family;
    private final Map<Tags, Double> values = new ConcurrentHashMap<>();
    private final Map<Tags, Meter> meters = new HashMap<>();

    private KeyedMeters(MeterRegistry registry, Family family) {
        this.registry = registry;
        this.family = family;
    }

    /** A family of monotonic counts, registered in {@code registry} as its series appear. */
    static KeyedMeters counter(MeterRegistry registry, String name, String help, String unit) {
        return new KeyedMeters(registry, new Family(name, help, unit, true));
    }

    /** A family of gauges, registered in {@code registry} as its series appear. */
    static KeyedMeters gauge(MeterRegistry registry, String name, String help, String unit) {
        return new KeyedMeters(registry, new Family(name, help, unit, false));
    }

    /** The family's name as Prometheus shows it, without the {@code _total} of counters. */
    String prometheusName() {
        return family.prometheusName();
    }

    /** Sets the series to exactly {@code now}. */
    synchronized void update(Map<Tags, Double> now) {
        values.putAll(now);
        for (Tags tags : now.keySet()) {
            meters.computeIfAbsent(tags, this::register);
        }
        meters.keySet().removeIf(tags -> {
            if (now.containsKey(tags)) {
                return false;
            }
            registry.remove(meters.get(tags));
            values.remove(tags);
            return true;
        });
    }

    private Meter register(Tags tags) {
        if (family.counter()) {
            return FunctionCounter.builder(family.name(), values, v -> v.getOrDefault(tags, 0.0)).tags(tags)
                    .description(family.help()).baseUnit(family.unit()).register(registry);
        }
        return Gauge.builder(family.name(), values, v -> v.getOrDefault(tags, Double.NaN)).tags(tags)
                .description(family.help()).baseUnit(family.unit()).register(registry);
    }
}
