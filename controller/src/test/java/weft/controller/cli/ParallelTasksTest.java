package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import weft.model.repro.ClaimResult;
import weft.model.repro.ReproOptions;
import weft.model.repro.ReproResult;
import weft.model.repro.Reproduction;
import weft.model.repro.Reproductions;

class ParallelTasksTest {
    @Test
    void resultsComeBackInTheOrderGivenWhateverFinishesFirstAndNestedSplitsShareThePool() {
        try (ParallelTasks tasks = new ParallelTasks(3)) {
            List<Supplier<Integer>> work = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                int n = i;
                work.add(() -> {
                    long spin = 0;
                    for (int j = 0; j < (20 - n) * 20_000; j++) {
                        spin += j % 7;
                    }
                    List<Supplier<Integer>> inner = List.of(() -> n, () -> 1000 * n);
                    List<Integer> parts = tasks.all(inner);
                    return parts.get(0) + parts.get(1) + (int) (spin - spin);
                });
            }
            List<Integer> got = tasks.all(work);
            for (int i = 0; i < 20; i++) {
                assertThat(got.get(i)).isEqualTo(1001 * i);
            }
        }
    }

    @Test
    void aTasksExceptionReachesTheCallerAndBadThreadCountsAreRefused() {
        try (ParallelTasks tasks = new ParallelTasks(2)) {
            List<Supplier<Integer>> work = List.of(() -> 1, () -> {
                throw new IllegalArgumentException("--k must be even, got 5");
            });
            assertThatThrownBy(() -> tasks.all(work)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--k must be even, got 5");
        }
        assertThatThrownBy(() -> new ParallelTasks(0)).hasMessage("--threads must be at least 1, got 0");
    }

    @Test
    void aReproductionGivesTheSameResultOnOneThreadAndOnThree(@TempDir Path dir) throws Exception {
        String[] files = new String[2];
        int[] threads = {1, 3};
        for (int i = 0; i < 2; i++) {
            Path json = dir.resolve("r" + i + ".json");
            StringWriter err = new StringWriter();
            CommandLine cmd = new CommandLine(new ReproCommand());
            cmd.setOut(new PrintWriter(new StringWriter(), true));
            cmd.setErr(new PrintWriter(err, true));
            int code = cmd.execute("ecmp-scaling", "--quick", "--threads", Integer.toString(threads[i]), "--json",
                    json.toString());
            assertThat(code).as(err.toString()).isZero();
            files[i] = Files.readString(json).replaceAll("\"run_seconds\" : [0-9.Ee+-]+", "");
        }
        assertThat(files[0]).contains("\"id\" : \"C3\"").isEqualTo(files[1]);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "phase       | max-permutations=3",
        "independent | max-flows=2",
        "apps        | frag=1,4",
        "saam        | max-flows=2",
        "injection   | flows=1,2",
        "horizontal  | runs=20"})
    void theTreeReproductionsGiveTheSequentialFiguresOnTwoThreads(String name, String parameter) {
        Reproduction repro = Reproductions.byName(name);
        String[] kv = parameter.split("=");
        ReproOptions o = ReproOptions.of(repro, true, 7, Map.of(kv[0], kv[1]));
        ReproResult inOrder = repro.run(o);
        try (ParallelTasks tasks = new ParallelTasks(2)) {
            ReproResult parallel = repro.run(o.withRunner(tasks));
            assertThat(parallel.claims().stream().map(ClaimResult::weft).toList())
                    .isEqualTo(inOrder.claims().stream().map(ClaimResult::weft).toList());
            assertThat(parallel.tables()).isEqualTo(inOrder.tables());
        }
    }
}
