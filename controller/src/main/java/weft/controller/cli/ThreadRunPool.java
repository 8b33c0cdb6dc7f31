package weft.controller.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import weft.model.repro.RunPool;

/**
 * {@code weft repro --jobs N}: a reproduction's independent runs on up to {@code N} threads of their own, started
 * for one call and stopped after it; results in the tasks' order (the same as one after the other, since each run
 * is seeded and shares no state).
 */
final class ThreadRunPool implements RunPool {
    private final int jobs;

    ThreadRunPool(int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("--jobs must be at least 1, got " + jobs);
        }
        this.jobs = jobs;
    }

    @Override
    public <T> List<T> all(List<Supplier<T>> tasks) {
        if (jobs == 1 || tasks.size() < 2) {
            return RunPool.SEQUENTIAL.all(tasks);
        }
        ExecutorService threads = Executors.newFixedThreadPool(Math.min(jobs, tasks.size()), r -> {
            Thread t = new Thread(r, "weft-repro-run");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (Supplier<T> task : tasks) {
                futures.add(threads.submit(task::get));
            }
            List<T> out = new ArrayList<>(tasks.size());
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("a reproduction run failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a reproduction's runs", e);
        } finally {
            threads.shutdownNow();
        }
    }
}
