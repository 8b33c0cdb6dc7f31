package weft.model.sim;

import weft.model.topology.Topology;

/**
 * The simulated network as a {@link Protocol} sees it when a run starts: hosts, switches and channels by index
 * (channels in the {@link SimObserver} numbering: {@code 2i} and {@code 2i+1} are link i's two directions, then
 * each host's up and down channel), and the channels a packet between two hosts crosses.
 */
public interface SimNetwork {
    Topology topology();

    SimConfig config();

    int hosts();

    int switches();

    int channels();

    /** The switch host {@code h} hangs off. */
    int hostSwitch(int h);

    /** The channel from host {@code h} to its switch. */
    int hostUpChannel(int h);

    /** The channel from its switch to host {@code h} (its ejection channel). */
    int hostDownChannel(int h);

    /** The switch channel {@code c} leaves, -1 for a host's up channel. */
    int channelSource(int c);

    /** The switch channel {@code c} enters, -1 for a host's down channel. */
    int channelTarget(int c);

    /**
     * The channels a data packet from host {@code src} to host {@code dst} crosses, in order, from {@code src}'s up
     * channel to {@code dst}'s down channel: the routes as the switches apply them (an ECMP group's hash of the
     * pair), for the pair's first path.
     */
    int[] path(int src, int dst);

    /** Time to put {@code bytes} on channel {@code c}. */
    long serializationPs(int c, long bytes);

    /** One-way latency of channel {@code c}. */
    long latencyPs(int c);
}
