package weft.controller.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import weft.model.repro.TaskRunner;

/**
 * The command line's {@link TaskRunner}: a reproduction's independent tasks (simulations of different runs, points or
 * schemes) on {@code threads} threads at once, results joined in task order, so the figures are those of
 * {@link TaskRunner#SEQUENTIAL}. The pool lives for one call and its threads are daemons.
 */
final class ParallelTasks implements TaskRunner {
    private final int threads;

    /** @param threads tasks run at once, at least 1 */
    ParallelTasks(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    /** The runner of {@code --threads}: one thread per processor when 0, else that many; 1 runs in order, here. */
    static TaskRunner of(int threads) {
        int n = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
        return n == 1 ? TaskRunner.SEQUENTIAL : new ParallelTasks(n);
    }

    @Override
    public <T> List<T> all(List<? extends Supplier<? extends T>> tasks) {
        if (tasks.size() <= 1) {
            return TaskRunner.SEQUENTIAL.all(tasks);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, tasks.size()), r -> {
            Thread t = new Thread(r, "weft-repro-task");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<? extends T>> futures = new ArrayList<>(tasks.size());
            for (Supplier<? extends T> task : tasks) {
                futures.add(pool.submit(task::get));
            }
            List<T> out = new ArrayList<>(tasks.size());
            for (Future<? extends T> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running the reproduction's tasks", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
