package weft.model.protocol;

/**
 * Bytes in one absolute slot of the controller's slot clock: a CRP grant's or revocation's budget for one slot
 * (seed 001 §2.1; the live form's {@code {slot, bytes}}, docs/crp.md).
 *
 * @param slot  absolute slot index
 * @param bytes bytes, positive
 */
public record SlotBytes(long slot, long bytes) {
    public SlotBytes {
        if (bytes <= 0) {
            throw new IllegalArgumentException("slot " + slot + ": " + bytes + " bytes, expected > 0");
        }
    }
}
