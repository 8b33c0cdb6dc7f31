package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The bounded event log, on a stepped clock. */
class EventLogTest {
    private final AtomicLong clock = new AtomicLong(1_000_000);

    @Test
    @DisplayName("the ring keeps the last capacity events in order, counts every kind since start, and answers "
            + "'since sequence n'")
    void ring() {
        EventLog log = new EventLog(4, clock::get);
        for (int i = 1; i <= 10; i++) {
            log.event(i % 2 == 0 ? FabricEvent.Kind.PORT_UP : FabricEvent.Kind.PORT_DOWN, "e" + i);
        }
        assertThat(log.events()).extracting(FabricEvent::detail).containsExactly("e7", "e8", "e9", "e10");
        assertThat(log.events()).extracting(FabricEvent::seq).containsExactly(7L, 8L, 9L, 10L);
        assertThat(log.since(8)).extracting(FabricEvent::detail).containsExactly("e9", "e10");
        assertThat(log.since(2)).hasSize(4);
        assertThat(log.since(10)).isEmpty();
        assertThat(log.overwritten()).isEqualTo(6);
        assertThat(log.counts()).containsEntry(FabricEvent.Kind.PORT_UP, 5L).containsEntry(FabricEvent.Kind.PORT_DOWN,
                5L);
        assertThat(log.last().detail()).isEqualTo("e10");
    }

    @Test
    @DisplayName("operator review: 80,000 OpenFlow errors keep 4096 events and log 50 lines in the same second, "
            + "then 10 a second, the next line naming how many were held back")
    void boundedUnderAFlood() {
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        ((Logger) LoggerFactory.getLogger(FabricService.class)).addAppender(lines);
        try {
            EventLog log = new EventLog(EventLog.DEFAULT_CAPACITY, clock::get);
            for (int i = 0; i < 80_000; i++) {
                log.event(FabricEvent.Kind.OPENFLOW_ERROR, "switch s1: error " + i);
            }
            assertThat(log.events()).hasSize(4096);
            assertThat(log.counts()).containsEntry(FabricEvent.Kind.OPENFLOW_ERROR, 80_000L);
            assertThat(lines.list).hasSize(EventLog.LOG_BURST);
            clock.addAndGet(1000);
            for (int i = 0; i < 100; i++) {
                log.event(FabricEvent.Kind.OPENFLOW_ERROR, "later " + i);
            }
            assertThat(lines.list).hasSize(EventLog.LOG_BURST + EventLog.LOG_PER_SECOND);
            assertThat(lines.list.get(EventLog.LOG_BURST).getFormattedMessage())
                    .endsWith("(" + (80_000 - EventLog.LOG_BURST) + " earlier OPENFLOW_ERROR events not logged)");
            log.event(FabricEvent.Kind.SWITCH_UP, "s2");
            assertThat(lines.list).hasSize(EventLog.LOG_BURST + EventLog.LOG_PER_SECOND + 1);
        } finally {
            ((Logger) LoggerFactory.getLogger(FabricService.class)).detachAppender(lines);
        }
    }

    @Test
    @DisplayName("a subscriber gets the kept events after its sequence number, then every new one, none twice")
    void subscribe() {
        EventLog log = new EventLog(8, clock::get);
        log.event(FabricEvent.Kind.SWITCH_UP, "a");
        log.event(FabricEvent.Kind.SWITCH_UP, "b");
        List<String> seen = new ArrayList<>();
        Runnable stop = log.subscribe(1, e -> seen.add(e.seq() + e.detail()));
        log.event(FabricEvent.Kind.SWITCH_DOWN, "c");
        stop.run();
        log.event(FabricEvent.Kind.SWITCH_DOWN, "d");
        assertThat(seen).containsExactly("2b", "3c");
    }
}
