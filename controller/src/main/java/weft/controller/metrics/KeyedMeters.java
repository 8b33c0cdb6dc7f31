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
    private final MeterRegistry registry;
    private final String name;
    private final String help;
    private final String unit;
    private final boolean counter;
    private final Map<Tags, Double> values = new ConcurrentHashMap<>();
    private final Map<Tags, Meter> meters = new HashMap<>();

    /**
     * @param counter true for a monotonic count (exported with {@code _total}; rates by PromQL's {@code rate}),
     *                false for a gauge
     */
    KeyedMeters(MeterRegistry registry, String name, String help, String unit, boolean counter) {
        this.registry = registry;
        this.name = name;
        this.help = help;
        this.unit = unit;
        this.counter = counter;
    }

    /** The family's name as Prometheus shows it, without the {@code _total} of counters. */
    String prometheusName() {
        return name.replace('.', '_') + (unit == null ? "" : "_" + unit.replace('.', '_'));
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
        if (counter) {
            return FunctionCounter.builder(name, values, v -> v.getOrDefault(tags, 0.0)).tags(tags)
                    .description(help).baseUnit(unit).register(registry);
        }
        return Gauge.builder(name, values, v -> v.getOrDefault(tags, Double.NaN)).tags(tags).description(help)
                .baseUnit(unit).register(registry);
    }
}
