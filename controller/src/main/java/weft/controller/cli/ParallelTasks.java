package weft.controller.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.function.Supplier;

import weft.model.repro.TaskRunner;

/**
 * The command shell's {@link TaskRunner}: a reproduction's independent pieces on a fork-join pool of a fixed number
 * of threads, their results returned in the order given (so the output is the same for any thread count). A task's
 * exception is rethrown to the caller; a task that itself splits its work runs its pieces on the same pool.
 */
final class ParallelTasks implements TaskRunner, AutoCloseable {
    private final ForkJoinPool pool;

    ParallelTasks(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
        }
        this.pool = new ForkJoinPool(threads);
    }

    @Override
    public <T> List<T> all(List<? extends Supplier<? extends T>> tasks) {
        if (ForkJoinTask.getPool() == pool) {
            return forkAndJoin(tasks);
        }
        return pool.invoke(new RecursiveTask<List<T>>() {
            @Override
            protected List<T> compute() {
                return forkAndJoin(tasks);
            }
        });
    }

    private static <T> List<T> forkAndJoin(List<? extends Supplier<? extends T>> tasks) {
        List<RecursiveTask<T>> forks = new ArrayList<>(tasks.size());
        for (Supplier<? extends T> t : tasks) {
            forks.add(new RecursiveTask<>() {
                @Override
                protected T compute() {
                    return t.get();
                }
            });
        }
        ForkJoinTask.invokeAll(forks);
        List<T> out = new ArrayList<>(forks.size());
        for (RecursiveTask<T> f : forks) {
            out.add(f.join());
        }
        return out;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
