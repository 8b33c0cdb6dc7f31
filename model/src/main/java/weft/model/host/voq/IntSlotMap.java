package weft.model.host.voq;

/**
 * A fixed-capacity map from int keys to dense slots {@code 0..capacity-1}, open addressing with linear probing and
 * no boxing (Agrona's {@code Int2ObjectHashMap} habit).
 */
public final class IntSlotMap {
    private static final int EMPTY = -1;
    private static final int DELETED = -2;

    private final int[] keys;
    private final int[] slotOfIndex;
    private final boolean[] used;
    private final int[] freeSlots;
    private int freeTop;

    public IntSlotMap(int capacity) {
        int tableSize = Integer.highestOneBit(Math.max(2, capacity) * 2 - 1) << 1;
        this.keys = new int[tableSize];
        this.slotOfIndex = new int[tableSize];
        java.util.Arrays.fill(slotOfIndex, EMPTY);
        this.used = new boolean[capacity];
        this.freeSlots = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            freeSlots[i] = capacity - 1 - i;
        }
        this.freeTop = capacity;
    }

    private int index(int key) {
        int h = key * 0x9E3779B9;
        return (h ^ (h >>> 16)) & (keys.length - 1);
    }

    /** The slot of {@code key}, or -1. */
    public int get(int key) {
        int mask = keys.length - 1;
        for (int i = index(key), n = 0; n < keys.length; i = (i + 1) & mask, n++) {
            int slot = slotOfIndex[i];
            if (slot == EMPTY) {
                return -1;
            }
            if (slot >= 0 && keys[i] == key) {
                return slot;
            }
        }
        return -1;
    }

    /** Assigns a slot to a key not present; -1 when full. */
    public int put(int key) {
        if (freeTop == 0) {
            return -1;
        }
        int mask = keys.length - 1;
        for (int i = index(key); ; i = (i + 1) & mask) {
            if (slotOfIndex[i] < 0) {
                int slot = freeSlots[--freeTop];
                keys[i] = key;
                slotOfIndex[i] = slot;
                used[slot] = true;
                return slot;
            }
        }
    }

    public void remove(int key) {
        int mask = keys.length - 1;
        for (int i = index(key), n = 0; n < keys.length; i = (i + 1) & mask, n++) {
            int slot = slotOfIndex[i];
            if (slot == EMPTY) {
                return;
            }
            if (slot >= 0 && keys[i] == key) {
                used[slot] = false;
                freeSlots[freeTop++] = slot;
                slotOfIndex[i] = DELETED;
                return;
            }
        }
    }

    public boolean used(int slot) {
        return used[slot];
    }
}
