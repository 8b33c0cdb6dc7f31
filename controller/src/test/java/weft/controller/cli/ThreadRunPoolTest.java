package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ThreadRunPoolTest {
    @Test
    @DisplayName("tasks run side by side on the pool's threads and come back in the tasks' order")
    void runsSideBySideInOrder() {
        CountDownLatch both = new CountDownLatch(2);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        List<Supplier<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int k = i;
            tasks.add(() -> {
                threads.add(Thread.currentThread().getName() + "@" + System.identityHashCode(Thread.currentThread()));
                if (k < 2) {
                    // the first two meet: only possible when two threads run at once
                    both.countDown();
                    try {
                        assertThat(both.await(30, TimeUnit.SECONDS)).isTrue();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
                return k * k;
            });
        }
        assertThat(new ThreadRunPool(2).all(tasks)).containsExactly(0, 1, 4, 9, 16, 25);
        assertThat(threads).hasSize(2).allMatch(n -> n.startsWith("weft-repro-run"));
    }

    @Test
    @DisplayName("a task's exception reaches the caller; --jobs below 1 is refused")
    void failures() {
        List<Supplier<Integer>> tasks = List.of(() -> 1, () -> {
            throw new IllegalArgumentException("--leaves: bad");
        });
        assertThatThrownBy(() -> new ThreadRunPool(2).all(tasks)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--leaves: bad");
        assertThatThrownBy(() -> new ThreadRunPool(0)).hasMessageContaining("--jobs must be at least 1, got 0");
    }

    @Test
    @DisplayName("weft repro crp gives the same figures with --jobs 2 as with --jobs 1 (each run is seeded)")
    void crpSameFiguresInParallel(@TempDir Path dir) throws Exception {
        List<String> figures = new ArrayList<>();
        for (String jobs : List.of("1", "2")) {
            Path json = dir.resolve("crp-" + jobs + ".json");
            StringWriter err = new StringWriter();
            CommandLine cmd = new CommandLine(new ReproCommand());
            cmd.setOut(new PrintWriter(new StringWriter(), true));
            cmd.setErr(new PrintWriter(err, true));
            int code = cmd.execute("crp", "--quick", "--jobs", jobs, "--leaves", "2", "--warmup", "1000",
                    "--cycles", "2000", "--ecn-warmup", "2000", "--hotspot-cycles", "3000", "--onset", "2000",
                    "--step-cycles", "3000", "--bin", "1000", "--json", json.toString());
            assertThat(code).as(err.toString()).isZero();
            JsonNode root = new ObjectMapper().readTree(Files.readString(json));
            StringBuilder s = new StringBuilder();
            root.get("claims").forEach(c -> s.append(c.get("id").asText()).append('=')
                    .append(c.get("weft").asText()).append(' '));
            root.get("tables").forEach(t -> s.append(t.get("rows")));
            figures.add(s.toString());
        }
        assertThat(figures.get(0)).contains("R2=", "R1.settled=");
        assertThat(figures.get(1)).isEqualTo(figures.get(0));
    }
}
