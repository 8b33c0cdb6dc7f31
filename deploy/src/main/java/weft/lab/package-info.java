/**
 * The lab: builds any Weft topology on this machine as Open vSwitch userspace bridges and network namespaces,
 * runs the controller against it, checks reachability, and tears down exactly what it made.
 *
 * <p>Reusable API (the agent lab builds on it):
 * <ul>
 *   <li>{@link weft.lab.OvsLab#up(weft.lab.LabConfig)} builds the fabric and returns an {@link weft.lab.OvsLab}
 *       whose {@link weft.lab.OvsLab#topology()} carries the lab's own dpids, and whose
 *       {@link weft.lab.OvsLab#namespaceOf(String)} / {@link weft.lab.OvsLab#exec} run commands in a host's
 *       namespace; {@link weft.lab.OvsLab#recordPid(long)} adds a process the lab must stop on teardown.</li>
 *   <li>{@link weft.lab.OvsLab#down(String)} tears down a lab by name from any process, using the state file
 *       the lab wrote under {@link weft.lab.LabState#DIR}.</li>
 *   <li>{@link weft.lab.Reachability} pings and TCP-transfers between every host pair.</li>
 * </ul>
 *
 * <p>Facts this follows (docs/sources.md §5): bridges are {@code datapath_type=netdev}, {@code protocols=OpenFlow13},
 * {@code fail_mode=secure}, with fixed dpids from the lab's own range, {@code disable-in-band}, {@code ofport_request}
 * = the topology's port numbers, and {@code max_backoff=1000}; every host runs {@code ethtool -K eth0 tx off}; link
 * rates are emulated with tc HTB on switch-side ports, in front of queues that drop at their head
 * ({@link weft.lab.EmulatedLink}); ovs-vswitchd's send buffer is checked ({@link weft.lab.SwitchSendBuffer}); nothing
 * is ever removed by name pattern.
 */
package weft.lab;
