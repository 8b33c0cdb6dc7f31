package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs the independent pieces of one reproduction (a policy's runs, a load of a sweep, a corner of a grid) and returns
 * their results in the order the pieces were given. Each piece is pure and takes its randomness from its own seed, and
 * the caller joins the results in that fixed order, so a result never depends on how the pieces were scheduled. The
 * model runs them one after another ({@link #SEQUENTIAL}); the command shell passes a runner over the machine's cores.
 */
public interface TaskRunner {
    /** Runs every task and returns their results, {@code result.get(i)} from {@code tasks.get(i)}. */
    <T> List<T> all(List<? extends Supplier<? extends T>> tasks);

    /** One task after another, in order. */
    TaskRunner SEQUENTIAL = new TaskRunner() {
        @Override
        public <T> List<T> all(List<? extends Supplier<? extends T>> tasks) {
            List<T> out = new ArrayList<>(tasks.size());
            for (Supplier<? extends T> t : tasks) {
                out.add(t.get());
            }
            return out;
        }
    };
}
