/**
 * High availability: several controllers, one master. Leader election, a fenced epoch, the cluster's members and
 * a versioned state store live in ZooKeeper, reached through Apache Curator ({@link weft.controller.ha.ZkCluster},
 * {@link weft.controller.ha.ZkStateStore}); the decisions are pure state machines that take time as a parameter
 * ({@link weft.controller.ha.Mastership}), and the OpenFlow 1.3 role requests that make only the master able to
 * write to a switch are built by {@link weft.controller.ha.RoleRequests}.
 *
 * <p>Sources: OpenFlow Switch Specification 1.3.5 §6.3.5 (multiple controllers, roles and generation ids),
 * §7.3.9 (role request messages); the election and the per-role behaviour follow ONOS's mastership service
 * (MASTER/STANDBY with a term number per mastership change) and Curator's {@code LeaderLatch} recipe.
 *
 * <p>Decision (fencing): every mastership change increments the version of one znode ({@code epoch}); that
 * version is the master's epoch, its OpenFlow generation id, and the condition of every write to the state
 * store (a ZooKeeper multi-operation that checks the epoch's version first). A deposed master can neither write
 * to a switch (the switch has seen a higher generation id and demoted it to SLAVE) nor to the store (the check
 * fails), whatever its clock or its view of the session says.
 */
package weft.controller.ha;
