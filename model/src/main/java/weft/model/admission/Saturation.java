package weft.model.admission;

import java.util.List;

/**
 * The calibration the centralised schemes need: the saturation point of a load sweep run without admission
 * control, where accepted traffic stops keeping up with offered traffic. Calibrated Load takes its limits
 * {@code CL_high} and {@code CL_low} from the accepted load there, Link-by-Link its effective link bandwidth.
 *
 * <p>Seed 002 §5.1 ("the target for AC is therefore the point where the amount of offered traffic is equal to the
 * amount of accepted traffic. The effective bandwidth at this point will be used as a guideline for the Calibrated
 * load and Link-by-link AC schemes") and §5.2.1 (the parameter "must be decided by measurements on the network").
 * Decision: "equal" within a stated relative tolerance, since measured accepted load is never exactly the offered
 * load; the point is the last of the sweep, in increasing offered load, up to which every point keeps within it.
 */
public final class Saturation {
    private Saturation() {
    }

    /**
     * One point of a sweep, in any consistent unit (fraction of link rate, Gbit/s).
     *
     * @param offered  offered load
     * @param accepted accepted (delivered) load
     */
    public record Point(double offered, double accepted) {
        public Point {
            if (!(offered >= 0) || !(accepted >= 0) || Double.isInfinite(offered) || Double.isInfinite(accepted)) {
                throw new IllegalArgumentException("sweep point: offered " + offered + " and accepted " + accepted
                        + " must be finite and >= 0");
            }
        }
    }

    /**
     * The saturation point: the last point, in increasing offered load, up to which every point has
     * {@code accepted >= (1 - tolerance) x offered}.
     *
     * @param sweep     points in strictly increasing offered load
     * @param tolerance relative shortfall still counted as "equal", in [0, 1)
     * @throws IllegalArgumentException when the sweep is empty or out of order, or even its first point is
     *                                  saturated (the sweep must start below saturation)
     */
    public static Point of(List<Point> sweep, double tolerance) {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw new IllegalArgumentException("tolerance must be in [0, 1), got " + tolerance);
        }
        if (sweep.isEmpty()) {
            throw new IllegalArgumentException("saturation: the sweep has no points");
        }
        Point last = null;
        for (int i = 0; i < sweep.size(); i++) {
            Point p = sweep.get(i);
            if (i > 0 && !(p.offered() > sweep.get(i - 1).offered())) {
                throw new IllegalArgumentException("saturation: sweep[" + i + "] offers " + p.offered()
                        + ", not more than sweep[" + (i - 1) + "] (" + sweep.get(i - 1).offered() + ")");
            }
            if (p.accepted() < (1 - tolerance) * p.offered()) {
                break;
            }
            last = p;
        }
        if (last == null) {
            throw new IllegalArgumentException("saturation: the first point (offered " + sweep.get(0).offered()
                    + ", accepted " + sweep.get(0).accepted() + ") is already saturated; start the sweep lower");
        }
        return last;
    }
}
