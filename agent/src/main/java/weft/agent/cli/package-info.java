/**
 * The {@code weft agent} command: {@code run} starts an agent, {@code perf} measures a path through the agents
 * (iperf-like). Picocli stays at this edge.
 */
package weft.agent.cli;
