package weft.model.crp;

/**
 * Units (bytes in the live form) granted or revoked in one absolute slot: the {@code {slot, bytes}} a controller
 * sends an agent for one of its VOQs.
 */
public record SlotUnits(long slot, long units) {
    public SlotUnits {
        if (units <= 0) {
            throw new IllegalArgumentException("slot " + slot + ": " + units + " units, expected > 0");
        }
    }
}
