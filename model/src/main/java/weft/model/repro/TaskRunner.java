package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs a reproduction's independent pieces of work (one simulation per run, point or scheme) and returns their results
 * in the order the tasks were given, whatever order they ran in. A reproduction draws all its randomness before it
 * hands the tasks over, and each task is pure (it shares nothing mutable with the others), so a run's figures do not
 * depend on the runner: {@link #SEQUENTIAL} (the model's own, no threads) and the command line's parallel runner give
 * the same result.
 */
public interface TaskRunner {
    /** Runs the tasks one after the other, in order. */
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

    /**
     * Runs every task and returns their results, the i-th result for the i-th task.
     *
     * @throws RuntimeException the first failing task's exception, in task order
     */
    <T> List<T> all(List<? extends Supplier<? extends T>> tasks);
}
