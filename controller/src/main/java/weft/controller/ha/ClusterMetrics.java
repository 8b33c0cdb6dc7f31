package weft.controller.ha;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * The cluster's series in the controller's metrics ({@code /metrics}): {@code weft_cluster_master} (1 on the
 * master, 0 on a standby), {@code weft_cluster_epoch}, {@code weft_cluster_members} (live members this node
 * sees), {@code weft_cluster_connected} (its ZooKeeper session), {@code weft_cluster_role_changes_total} by role,
 * and {@code weft_cluster_takeover_seconds}: for each election this node won after a master went away, how long
 * the cluster was without a known master ({@link Mastership.Change#waitedNanos()}).
 */
public final class ClusterMetrics {
    private ClusterMetrics() {
    }

    /** Registers the series and follows {@code cluster}'s changes from now on. */
    public static void bind(MeterRegistry registry, ZkCluster cluster) {
        Gauge.builder("weft.cluster.master", cluster, c -> c.mastership().mayWrite() ? 1 : 0)
                .description("1 on the cluster's master, 0 on a standby").register(registry);
        Gauge.builder("weft.cluster.epoch", cluster, c -> c.mastership().epoch())
                .description("The master's epoch (its OpenFlow generation id)").register(registry);
        Gauge.builder("weft.cluster.members", cluster, c -> c.view().members().size())
                .description("Live members of the cluster as this node sees them").register(registry);
        Gauge.builder("weft.cluster.connected", cluster, c -> c.view().connected() ? 1 : 0)
                .description("1 while this node's ZooKeeper session is connected").register(registry);
        Counter toMaster = Counter.builder("weft.cluster.role.changes").tags("role", "MASTER")
                .description("Changes of this node's role").register(registry);
        Counter toStandby = Counter.builder("weft.cluster.role.changes").tags("role", "STANDBY")
                .description("Changes of this node's role").register(registry);
        Timer takeover = Timer.builder("weft.cluster.takeover").description("Time the cluster was without a known "
                + "master when this node took over").register(registry);
        Mastership.Role[] last = {cluster.mastership().role()};
        cluster.onChange(change -> {
            if (change.role() != last[0]) {
                (change.role() == Mastership.Role.MASTER ? toMaster : toStandby).increment();
                last[0] = change.role();
            }
            if (change.role() == Mastership.Role.MASTER && change.waitedNanos() > 0) {
                takeover.record(change.waitedNanos(), TimeUnit.NANOSECONDS);
            }
        });
    }
}
