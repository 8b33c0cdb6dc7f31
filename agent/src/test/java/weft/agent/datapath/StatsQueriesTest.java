package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The statistics query's timing on a stepped clock: drain, settle, ask, retry, fail, replace, reply. */
class StatsQueriesTest {
    private static final long MS = 1_000_000L;
    private final StatsQueries<String> queries = new StatsQueries<>();
    private final List<String> out = new ArrayList<>();
    private final Set<Integer> backlogged = new HashSet<>();
    /** Deadlines cross the clock's wrap, and one falls on Long.MAX_VALUE itself. */
    private long now = Long.MAX_VALUE - 3_000 * MS;

    private final StatsQueries.Out<String> sink = new StatsQueries.Out<>() {
        @Override
        public void ask(int dst, boolean reset) {
            out.add("ask " + dst + (reset ? " reset" : ""));
        }

        @Override
        public void fail(String app, String message) {
            out.add("fail " + app + ": " + message);
        }
    };

    private void query(String app, int dst, boolean reset) {
        queries.query(app, dst, reset, "10.0.0." + dst + ":7470", now, backlogged::contains, sink);
    }

    /** Steps the clock to each deadline up to {@code ms} from now, as the shell's one timer would. */
    private void advance(long ms) {
        long end = now + ms * MS;
        while (queries.size() > 0 && queries.nextDeadline() - end <= 0) {
            now = queries.nextDeadline();
            queries.tick(now, backlogged::contains, sink);
        }
        now = end;
    }

    @Test
    @DisplayName("A start is asked at once; a reading waits for the VOQ to drain, then 50 ms, then asks")
    void startAndReading() {
        query("app", 2, true);
        assertThat(out).containsExactly("ask 2 reset");
        assertThat(queries.replied(2)).isEqualTo(new StatsQueries.Pending<>("app", true));
        out.clear();
        backlogged.add(2);
        query("app", 2, false);
        advance(100);
        assertThat(out).as("the VOQ still holds packets").isEmpty();
        backlogged.clear();
        advance(5);
        assertThat(out).isEmpty();
        advance(50);
        assertThat(out).containsExactly("ask 2");
        assertThat(queries.replied(2)).isEqualTo(new StatsQueries.Pending<>("app", false));
        assertThat(queries.replied(2)).as("answered once").isNull();
        assertThat(queries.size()).isZero();
    }

    @Test
    @DisplayName("A VOQ that never drains is waited for 5 s; an unanswered request is sent 3 times, 1 s apart, then "
            + "the application is told")
    void drainLimitRetriesAndFailure() {
        backlogged.add(3);
        query("app", 3, false);
        advance(4_999);
        assertThat(out).isEmpty();
        advance(56);
        assertThat(out).containsExactly("ask 3");
        advance(2_000);
        assertThat(out).containsExactly("ask 3", "ask 3", "ask 3");
        advance(994);
        assertThat(out).as("1 s after the third request, not before").hasSize(3);
        advance(1);
        assertThat(out).last().isEqualTo("fail app: local api: no statistics reply from 10.0.0.3:7470 after 3 "
                + "requests, 1 s apart");
        assertThat(queries.size()).isZero();
        assertThat(queries.replied(3)).as("a late reply finds nothing").isNull();
    }

    @Test
    @DisplayName("A retry deadline handled more than 0.5 s late (the agent was not running) does not count: the "
            + "request is sent again with a full second; counted attempts still end the query, and at most 10 late "
            + "ones")
    void lateDeadlinesDoNotCount() {
        query("app", 6, true);
        assertThat(out).containsExactly("ask 6 reset");
        now += 1_000 * MS + 2_000 * MS; // the loop slept through the first retry deadline by 2 s
        queries.tick(now, backlogged::contains, sink);
        assertThat(out).as("sent again, not counted").containsExactly("ask 6 reset", "ask 6 reset");
        advance(2_000);
        assertThat(out).as("the counted retries on time").hasSize(4);
        advance(1_000);
        assertThat(out).last().isEqualTo("fail app: local api: no statistics reply from 10.0.0.6:7470 after 3 "
                + "requests, 1 s apart");

        out.clear();
        query("app", 7, true);
        for (int i = 0; i < 12; i++) {
            now = queries.nextDeadline() + 600 * MS;
            queries.tick(now, backlogged::contains, sink);
        }
        assertThat(out).as("10 late re-sends, then the counted attempts run out: 1 + 10 + 2 asks by the 12th "
                + "late tick").hasSize(13).allMatch(l -> l.equals("ask 7 reset"));
        now = queries.nextDeadline();
        queries.tick(now, backlogged::contains, sink);
        assertThat(out).last().asString().startsWith("fail app");
    }

    @Test
    @DisplayName("A newer query for the same destination replaces the older, whose application is told; a closed "
            + "application's queries go")
    void replacedAndForgotten() {
        query("a", 4, true);
        query("b", 4, true);
        assertThat(out).containsExactly("ask 4 reset", "fail a: local api: statistics query for 10.0.0.4:7470 "
                + "replaced by a newer one for the same destination", "ask 4 reset");
        query("c", 5, false);
        queries.forget("c");
        queries.forget("b");
        assertThat(queries.size()).isZero();
    }
}
