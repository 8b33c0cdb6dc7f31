package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import weft.model.repro.ClaimResult;
import weft.model.repro.ReproOptions;
import weft.model.repro.ReproResult;
import weft.model.repro.Reproduction;
import weft.model.repro.Reproductions;
import weft.model.repro.TaskRunner;

class ParallelTasksTest {
    @Test
    void resultsComeInTaskOrderWhateverOrderTheTasksFinish() {
        List<Supplier<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            int n = i;
            tasks.add(() -> {
                long spin = (20 - n) * 200_000L;
                long x = 0;
                for (long k = 0; k < spin; k++) {
                    x += k ^ n;
                }
                return x >= 0 ? n : -n;
            });
        }
        List<Integer> out = new ParallelTasks(3).all(tasks);
        assertThat(out).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19);
    }

    @Test
    void aFailingTaskFailsTheCallWithItsOwnException() {
        List<Supplier<Integer>> tasks = List.of(() -> 1, () -> {
            throw new IllegalArgumentException("--k: bad");
        }, () -> 3);
        assertThatThrownBy(() -> new ParallelTasks(2).all(tasks)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--k: bad");
        assertThatThrownBy(() -> new ParallelTasks(0)).hasMessageContaining("--threads");
    }

    @Test
    void oneThreadIsTheSequentialRunner() {
        assertThat(ParallelTasks.of(1)).isSameAs(TaskRunner.SEQUENTIAL);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "phase       | max-permutations=3",
        "independent | max-flows=2",
        "apps        | frag=1,4",
        "saam        | max-flows=2",
        "injection   | flows=1,2",
        "horizontal  | runs=20"})
    void theFiguresOnTwoThreadsAreThoseOfTheSequentialRun(String name, String parameter) {
        Reproduction repro = Reproductions.byName(name);
        String[] kv = parameter.split("=");
        ReproOptions o = ReproOptions.of(repro, true, 7, Map.of(kv[0], kv[1]));
        ReproResult inOrder = repro.run(o);
        ReproResult parallel = repro.run(o.withRunner(new ParallelTasks(2)));
        assertThat(parallel.claims().stream().map(ClaimResult::weft).toList())
                .isEqualTo(inOrder.claims().stream().map(ClaimResult::weft).toList());
        assertThat(parallel.tables()).isEqualTo(inOrder.tables());
    }
}
