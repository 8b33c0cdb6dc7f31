package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs a reproduction's independent experiments, each a pure computation seeded by its own options: one after the
 * other on the caller's thread ({@link #SEQUENTIAL}), or side by side where the caller owns threads (the CLI's
 * {@code weft repro --jobs}; the model has none). The results come back in the tasks' order and cannot depend on
 * how the tasks ran, since no task sees another's state.
 */
public interface RunPool {
    /** Every task in order on the calling thread. */
    RunPool SEQUENTIAL = new RunPool() {
        @Override
        public <T> List<T> all(List<Supplier<T>> tasks) {
            List<T> out = new ArrayList<>(tasks.size());
            for (Supplier<T> t : tasks) {
                out.add(t.get());
            }
            return out;
        }
    };

    /**
     * Runs every task and returns their results in the tasks' order; a task's exception propagates (after the
     * others have finished or been abandoned).
     */
    <T> List<T> all(List<Supplier<T>> tasks);
}
