package weft.lab;

import java.util.regex.Pattern;
import weft.model.topology.Topology;

/**
 * What to build.
 *
 * @param name             lab name, 1-6 of {@code [a-z0-9]} starting with a letter: every bridge, veth and namespace
 *                         name is derived from it and stays within Linux's 15 characters
 * @param topology         the fabric; its dpids are replaced by the lab's own (see {@link OvsLab#dpid})
 * @param controllerPort   TCP port of the controller on 127.0.0.1
 * @param mbitPerGbps      link-rate emulation: each switch-side port gets a tc HTB limit of the link's Gbit/s times
 *                         this many Mbit/s; 0 turns emulation off
 */
public record LabConfig(String name, Topology topology, int controllerPort, double mbitPerGbps) {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]{0,5}");

    public LabConfig {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("lab name '" + name + "' must be 1-6 characters of [a-z0-9] "
                    + "starting with a letter (interface names derive from it and must stay within 15)");
        }
        if (controllerPort < 1 || controllerPort > 65535) {
            throw new IllegalArgumentException("controllerPort must be in 1..65535, got " + controllerPort);
        }
        if (!(mbitPerGbps >= 0)) {
            throw new IllegalArgumentException("mbitPerGbps must be >= 0, got " + mbitPerGbps);
        }
        if (topology.switches().size() > 9999 || topology.hosts().size() > 9999) {
            throw new IllegalArgumentException("lab " + name + ": at most 9999 switches and hosts, got "
                    + topology.switches().size() + " and " + topology.hosts().size());
        }
    }
}
