package weft.model.host.voq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class VoqTableTest {
    @Test
    void createsOnFirstUseAtDenseIndexesAndFindsByDestination() {
        VoqTable<String> t = new VoqTable<>(3);
        assertThat(t.get(0x0A000002)).isNull();
        assertThat(t.getOrCreate(0x0A000002, (i, d) -> i + ":" + d)).isEqualTo("0:" + 0x0A000002);
        assertThat(t.getOrCreate(-5, (i, d) -> i + ":" + d)).isEqualTo("1:-5");
        assertThat(t.getOrCreate(0x0A000002, (i, d) -> "again")).isEqualTo("0:" + 0x0A000002);
        assertThat(t.get(-5)).isEqualTo("1:-5");
        assertThat(t.at(1)).isEqualTo("1:-5");
        assertThat(t.at(2)).isNull();
        assertThat(t.span()).isEqualTo(2);
        assertThat(t.size()).isEqualTo(2);
        assertThat(t.capacity()).isEqualTo(3);
    }

    @Test
    void fullTableSaysSoAndNamesTheDestination() {
        VoqTable<String> t = new VoqTable<>(1);
        t.getOrCreate(1, (i, d) -> "one");
        assertThatThrownBy(() -> t.getOrCreate(2, (i, d) -> "two"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("all 1 destinations in use")
                .hasMessageContaining("destination 2");
        assertThat(t.get(2)).isNull();
    }
}
