package weft.model.host.path;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SentCountersTest {
    @Test
    void countersBelowTheBoundStayAsTheyAre() {
        long[] c = {SentCounters.REBASE - 1, SentCounters.REBASE + 5, 3};
        assertThat(SentCounters.rebase(c, 2)).isFalse();
        assertThat(c).containsExactly(SentCounters.REBASE - 1, SentCounters.REBASE + 5, 3);
    }

    @Test
    void theMinimumOfTheUsablePathsComesOffEachOfThem() {
        long r = SentCounters.REBASE;
        long[] c = {r + 1500, r, r + 84, 7};
        assertThat(SentCounters.rebase(c, 3)).isTrue();
        assertThat(c).as("differences and the argmin kept; the unusable path 3 untouched")
                .containsExactly(1500, 0, 84, 7);
    }
}
