package weft.lab;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Function;
import weft.controller.fabric.WeftController;

/**
 * One run of a lab test whose in-process controller serves the hosts' agents ({@code AgentAllocationLabTest},
 * {@code AgentPathTagLabTest}, {@code CrpLinkFailureLabTest}): {@link #up} removes what an
 * earlier run left under the lab's name, starts the controller first (the switches find it when they connect) and
 * then the OVS lab; {@link #close} stops what the test started during the run ({@link #atClose}), then the
 * controller, and takes the lab down by name. Opened with try-with-resources, so every way out of a test tears down
 * the same way.
 */
final class ControlledLab implements AutoCloseable {
    /** The in-process controller. */
    final WeftController controller;
    /** The lab it programs. */
    final OvsLab lab;
    private final Deque<Runnable> stops = new ArrayDeque<>();

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
     * @param up         brings the lab up ({@link OvsLab#up}, or {@link CrpLab#upWithDeepSwitchSockets})
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

    /** Runs {@code stop} when the run closes, before the controller stops; the last one given runs first. */
    void atClose(Runnable stop) {
        stops.push(stop);
    }

    /** Runs the {@link #atClose} stops, stops the controller, then removes everything the lab made. */
    @Override
    public void close() {
        try {
            while (!stops.isEmpty()) {
                stops.pop().run();
            }
        } finally {
            try {
                controller.close();
            } finally {
                lab.close();
            }
        }
    }
}
