package weft.lab;

import org.junit.jupiter.api.Tag;

/**
 * {@link HaLabTest} with discovering controllers ({@code --discover --settle 1s --names}): the agents register
 * their hosts' attachments with the master, which keeps them in the cluster's state; the new master restores
 * them, routes once its own discovery has settled, and that reconciliation must send nothing either. Names start
 * with {@code wh} as in {@link HaLabTest}; results in {@code target/lab/HaDiscoverLabTest/}.
 */
@Tag("lab")
class HaDiscoverLabTest extends HaLabTest {
    @Override
    boolean discover() {
        return true;
    }
}
