package weft.lab;

import java.util.function.Function;
import weft.controller.fabric.WeftController;

/**
 * One run of a lab test whose in-process controller serves the hosts' agents ({@code AgentAllocationLabTest},
 * {@code AgentPathTagLabTest}): {@link #up} removes what an earlier run left under the lab's name, starts the
 * controller first (the switches find it when they connect) and then the OVS lab; {@link #close} stops the
 * controller and takes the lab down by name. Opened with try-with-resources, so every way out of a test tears down
 * the same way.
 */
final class ControlledLab implements AutoCloseable {
    /** The in-process controller. */
    final WeftController controller;
    /** The lab it programs. */
    final OvsLab lab;

    private ControlledLab(WeftController controller, OvsLab lab) {
        this.controller = controller;
        this.lab = lab;
    }

    /**
     * Brings a lab up under its controller; when the lab does not come up, stops the controller and removes what
     * was made.
     *
     * @param config     the lab
     * @param controller starts the lab's controller
     * @param up         brings the lab up (e.g. {@link OvsLab#up})
     */
    static ControlledLab up(LabConfig config, Function<LabConfig, WeftController> controller,
                            Function<LabConfig, OvsLab> up) {
        OvsLab.down(config.name());
        WeftController started = controller.apply(config);
        try {
            return new ControlledLab(started, up.apply(config));
        } catch (RuntimeException e) {
            started.close();
            OvsLab.down(config.name());
            throw e;
        }
    }

    /** Stops the controller, then removes everything the lab made (by name and PID). */
    @Override
    public void close() {
        try {
            controller.close();
        } finally {
            lab.close();
        }
    }
}
