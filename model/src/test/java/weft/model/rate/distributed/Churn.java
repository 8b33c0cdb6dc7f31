package weft.model.rate.distributed;

import java.util.function.IntConsumer;
import java.util.random.RandomGenerator;

/**
 * Random membership changes for the properties of the protocols that restart by rounds (seed 000 Alg. 4.10-4.11:
 * DFFA's flows start and end; Alg. 4.14: DAFA's applications enter and leave their phase): a member drawn at random
 * flips, leaving if it is in and joining if it is out.
 */
final class Churn {
    private Churn() {
    }

    /**
     * Flips {@code steps} members drawn from {@code random}; after each flip {@code afterFlip} runs (it may draw from
     * {@code random} too, e.g. to deliver or not).
     *
     * @param in which members are in, one per member; updated as they flip
     */
    static void flip(RandomGenerator random, boolean[] in, int steps, IntConsumer join, IntConsumer leave,
                     Runnable afterFlip) {
        for (int step = 0; step < steps; step++) {
            int member = random.nextInt(in.length);
            if (in[member]) {
                leave.accept(member);
            } else {
                join.accept(member);
            }
            in[member] = !in[member];
            afterFlip.run();
        }
    }
}
